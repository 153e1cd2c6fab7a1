import { Badge } from '@mantine/core';
import { NO_DATA_LABEL, SUBSCRIPTION_LABELS } from '@waymark/domain';

/** Shared status colours (spec 002 §4.3), for the statuses trackers show. */
const STATUS_COLOURS: Record<string, string> = {
  active: 'green',
  pending: 'blue',
  'pending-renewal': 'yellow',
  'pending-cancellation': 'yellow',
  blocked: 'yellow',
  archived: 'yellow',
  cancelled: 'red',
};

/**
 * A tracker's subscription badge (spec 000 §4): the status label, or 'No Data' when the
 * tracker has no position yet.
 */
export function StatusBadge({ status, hasData }: { status: string | null; hasData: boolean }) {
  if (!hasData) {
    return (
      <Badge color="gray" variant="light" size="sm">
        {NO_DATA_LABEL}
      </Badge>
    );
  }
  if (!status) return null;
  return (
    <Badge color={STATUS_COLOURS[status] ?? 'gray'} variant="light" size="sm">
      {SUBSCRIPTION_LABELS[status] ?? status}
    </Badge>
  );
}
