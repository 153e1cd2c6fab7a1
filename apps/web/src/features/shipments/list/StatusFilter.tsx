import { Badge, Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { SHIPMENT_STATUS_LABELS, SHIPMENT_STATUSES, type ShipmentStatus } from '@waymark/domain';

/** One checkbox per status (spec 001 §2); the badge counts the statuses left out. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: readonly ShipmentStatus[];
  onChange: (statuses: ShipmentStatus[]) => void;
}) {
  const hidden = SHIPMENT_STATUSES.length - value.length;
  return (
    <Popover position="bottom-end" width={220} shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFilter size={14} />}
          rightSection={
            hidden > 0 ? (
              <Badge size="xs" circle aria-label={`${hidden} statuses hidden`}>
                {hidden}
              </Badge>
            ) : null
          }
        >
          Status
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label="Status"
          value={[...value]}
          onChange={(next) => onChange(next as ShipmentStatus[])}
        >
          <Stack gap={6} mt={6}>
            {SHIPMENT_STATUSES.map((status) => (
              <Checkbox
                key={status}
                value={status}
                size="xs"
                label={SHIPMENT_STATUS_LABELS[status]}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
