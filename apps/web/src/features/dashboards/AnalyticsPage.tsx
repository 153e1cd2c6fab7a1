import { Box, Center, Loader, Paper } from '@mantine/core';
import { settingValue } from '@waymark/domain';
import { useCurrentAccount } from '../../app/session/useSession';
import { ReportUnavailable } from './ReportUnavailable';
import { useReportReach } from './useReportReach';

/**
 * The account's custom report (spec 002 §2.1): the page at its embed_report_src. The route
 * is guarded by view CustomReport, which needs embeds_custom_report and a source.
 */
export function AnalyticsPage() {
  const account = useCurrentAccount();
  const src = account ? settingValue(account, 'embed_report_src') : undefined;
  if (!src) return null;
  return <EmbeddedReport src={src} />;
}

/**
 * The report in a frame, or, when its address does not answer, a message with its link
 * instead of the browser's error page. The frame loads while the address is checked, hidden
 * until it is known to answer.
 */
function EmbeddedReport({ src }: { src: string }) {
  const { reach, attempt, retry } = useReportReach(src);
  if (reach === 'unreachable') return <ReportUnavailable src={src} onRetry={retry} />;
  return (
    <Paper withBorder radius="md" pos="relative" style={{ overflow: 'hidden' }}>
      <iframe
        key={attempt}
        title="Analytics"
        src={src}
        style={{
          border: 0,
          width: '100%',
          height: 'calc(100vh - 220px)',
          minHeight: 480,
          visibility: reach === 'answers' ? 'visible' : 'hidden',
        }}
        allowFullScreen
      />
      {reach === 'checking' && (
        <Box pos="absolute" inset={0}>
          <Center h="100%">
            <Loader size="sm" aria-label="Loading report" />
          </Center>
        </Box>
      )}
    </Paper>
  );
}
