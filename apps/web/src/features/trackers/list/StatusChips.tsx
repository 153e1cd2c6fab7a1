import { Chip, Group } from '@mantine/core';
import {
  FLEET_STATUS_LABELS,
  FLEET_STATUSES,
  type FleetStatus,
  type FleetStatusCounts,
} from '@waymark/domain';

/**
 * The status chips over the list (issue 37 §3): each with how many trackers it holds; one
 * chosen narrows the list and the map to them, chosen again it lets go.
 */
export function StatusChips({
  counts,
  value,
  onChange,
}: {
  counts: FleetStatusCounts;
  value: FleetStatus | null;
  onChange: (status: FleetStatus | null) => void;
}) {
  return (
    <Group gap={6} px="sm" py={6} role="group" aria-label="Status">
      {FLEET_STATUSES.map((status) => (
        <Chip
          key={status}
          size="xs"
          checked={value === status}
          onChange={(on) => onChange(on ? status : null)}
        >
          {FLEET_STATUS_LABELS[status]} {counts[status]}
        </Chip>
      ))}
    </Group>
  );
}
