import { memo } from 'react';
import { Anchor, Box, Checkbox, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Shipment } from '@waymark/domain';
import { ShipmentStatusBadge } from '../ShipmentStatusBadge';
import { endField } from '../details/shipmentView';
import { formatShipmentTime } from '../format';
import { shipmentDetailsPath } from '../navigation';
import { placeName } from './shipmentList';

function When({ label, at }: { label: string; at: string | null }) {
  return (
    <Text size="xs" c="dimmed">
      {label}: {formatShipmentTime(at)}
    </Text>
  );
}

/** One shipment: name (to its details), status, tracker, from → to, start and ends. */
export const ShipmentRow = memo(function ShipmentRow({
  shipment,
  checked,
  onCheck,
}: {
  shipment: Shipment;
  checked: boolean;
  /** Absent for users who may not change shipments: no selection then. */
  onCheck?: (id: number, checked: boolean) => void;
}) {
  const end = endField(shipment);
  return (
    <Group
      role="listitem"
      aria-label={shipment.name}
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      px="sm"
      py={8}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      {onCheck && (
        <Checkbox
          mt={2}
          aria-label={`Select ${shipment.name}`}
          checked={checked}
          onChange={(e) => onCheck(shipment.id, e.currentTarget.checked)}
        />
      )}
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Anchor
            component={Link}
            to={shipmentDetailsPath(shipment.id)}
            state={{ from: 'list' }}
            fw={600}
            size="sm"
            truncate="end"
          >
            {shipment.name}
          </Anchor>
          {/* The name gives way, the status never does. */}
          <Box style={{ flex: 'none' }}>
            <ShipmentStatusBadge status={shipment.status} />
          </Box>
        </Group>
        <Text size="xs">
          {shipment.device?.name ?? `Tracker ${shipment.device_id}`}
          {shipment.carrier ? ` · ${shipment.carrier}` : ''}
        </Text>
        <Text size="xs" truncate="end">
          {placeName(shipment, 'from')} → {placeName(shipment, 'to')}
        </Text>
        <When label="Start" at={shipment.start_at} />
        <When label="Scheduled End" at={shipment.end_at} />
        {end.at && <When label={end.label} at={end.at} />}
      </Stack>
    </Group>
  );
});
