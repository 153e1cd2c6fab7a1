import { Badge } from '@mantine/core';
import { NO_DATA_LABEL, trackerBadgeLabel } from '@waymark/domain';

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
 * A tracker's subscription badge (spec 000 §4), as `trackerBadgeLabel` words it: 'No Data'
 * while a tracker that should report has no position, 'Provisioned' for a pending one.
 */
export function StatusBadge({ status, hasData }: { status: string | null; hasData: boolean }) {
  const label = trackerBadgeLabel(status, hasData);
  if (!label) return null;
  const colour = label === NO_DATA_LABEL ? 'gray' : (STATUS_COLOURS[status ?? ''] ?? 'gray');
  return (
    <Badge color={colour} variant="light" size="sm">
      {label}
    </Badge>
  );
}
