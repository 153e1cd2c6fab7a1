import { Group, Stack, Text } from '@mantine/core';
import type { OrderSummary } from '../../../api/billing';
import { summaryRows } from './summaryRows';

/** Hardware ... Grand Total, pre-discount amounts struck through (spec 002 §2.8). */
export function OrderSummaryTable({ summary }: { summary: OrderSummary }) {
  return (
    <Stack gap={4} aria-label="Order summary">
      {summaryRows(summary).map((row) => (
        <Group key={row.label} justify="space-between">
          <Text size="sm" fw={row.strong ? 700 : undefined}>
            {row.label}
          </Text>
          <Group gap="xs">
            {row.before && (
              <Text size="sm" c="dimmed" td="line-through">
                {row.before}
              </Text>
            )}
            <Text size="sm" fw={row.strong ? 700 : 500}>
              {row.value}
            </Text>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
