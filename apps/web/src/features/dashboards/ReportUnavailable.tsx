import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { reportLink } from './reportProbe';

export const REPORT_UNAVAILABLE = {
  title: 'The report cannot be loaded',
  text: 'Its address did not answer: you may be offline, or a network filter may block it. You can try again, or open the report in a new tab:',
  retry: 'Try again',
} as const;

/** Shown instead of the report's frame when its address does not answer. */
export function ReportUnavailable({ src, onRetry }: { src: string; onRetry: () => void }) {
  const href = reportLink(src);
  return (
    <Alert
      color="yellow"
      variant="light"
      title={REPORT_UNAVAILABLE.title}
      icon={<IconAlertTriangle size={18} />}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{REPORT_UNAVAILABLE.text}</Text>
        {href ? (
          // A URL has no spaces to wrap at: it breaks anywhere rather than widen the alert.
          <Anchor
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {src} <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
          </Anchor>
        ) : (
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {src}
          </Text>
        )}
        <Button variant="default" size="xs" onClick={onRetry}>
          {REPORT_UNAVAILABLE.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
