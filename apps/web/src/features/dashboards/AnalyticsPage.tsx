import { Paper } from '@mantine/core';
import { settingValue } from '@waymark/domain';
import { useCurrentAccount } from '../../app/session/useSession';

/**
 * The account's custom report (spec 002 §2.1): the page at its embed_report_src. The route
 * is guarded by view CustomReport, which needs embeds_custom_report and a source.
 */
export function AnalyticsPage() {
  const account = useCurrentAccount();
  const src = account ? settingValue(account, 'embed_report_src') : undefined;
  if (!src) return null;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <iframe
        title="Analytics"
        src={src}
        style={{ border: 0, width: '100%', height: 'calc(100vh - 220px)', minHeight: 480 }}
        allowFullScreen
      />
    </Paper>
  );
}
