import { Stack, Text } from '@mantine/core';
import { describeHistoryRetention, type HistoryRetention } from '@waymark/domain';

/**
 * How long the account keeps its raw positions (issue 40), in the words of the retention
 * job's policy; read-only, set for the account by the platform.
 */
export function HistoryRetentionPanel({ policy }: { policy: HistoryRetention }) {
  return (
    <Stack gap="xs">
      <Text>{describeHistoryRetention(policy)}</Text>
      <Text size="sm" c="dimmed">
        Trips, stops and daily summaries are kept as long as the account.
      </Text>
    </Stack>
  );
}
