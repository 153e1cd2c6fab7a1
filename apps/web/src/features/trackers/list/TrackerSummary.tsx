import { Anchor, Group, Text } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import {
  FLEET_STATUS_LABELS,
  formatSpeed,
  motionStatus,
  type DeviceListItem,
} from '@waymark/domain';
import { BatteryBadge } from '../../../components/BatteryBadge';
import { RANGE_DISPLAY_FORMAT } from '../../../components/dateRange';
import { StatusBadge } from '../../../components/StatusBadge';

dayjs.extend(relativeTime);

/** The maps service address links open (spec 000 §7 "Third-party services"). */
export function mapsLink(lat: number, lng: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
}

const STATUS_COLOURS = { moving: 'teal.8', stopped: 'gray.7', offline: 'red.8' } as const;

/** Spec 001 §8: the moment of the last fix, shown over its relative time. */
const lastConnected = (timestamp: string) =>
  `Last connected at ${dayjs(timestamp).format(RANGE_DISPLAY_FORMAT)}`;

/**
 * What a tracker row says of a tracker (spec 000 §2.3), in the trackers list and a group's
 * members: name with battery and status badges, model and serial, and where and when it last
 * reported, the address linking to the maps service; 'Not Connected' when it never has.
 */
export function TrackerSummary({
  device,
  position: p,
  now,
}: {
  device: DeviceListItem;
  position: DeviceListItem['current_position'];
  /** Given, the row says whether the tracker is moving, stopped or offline (the chips' rule). */
  now?: Date;
}) {
  const status = now ? motionStatus({ ...device, current_position: p }, now) : null;
  return (
    <>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text fw={600} size="sm" truncate="end">
          {device.name}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
          <BatteryBadge percent={p?.battery ?? null} charging={p?.charging ?? device.charging} />
          <StatusBadge status={device.subscription_status} hasData={p !== null} />
        </Group>
      </Group>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="xs" c="dimmed" truncate="end">
          {device.model_title} · {device.serial}
        </Text>
        {status && (
          <Text
            size="xs"
            fw={500}
            c={STATUS_COLOURS[status]}
            style={{ flex: 'none' }}
            data-testid="tracker-status"
          >
            {FLEET_STATUS_LABELS[status]}
            {status === 'moving' && p ? ` · ${formatSpeed(p.speed)}` : ''}
          </Text>
        )}
      </Group>
      {p ? (
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Anchor
            href={mapsLink(p.lat, p.lng)}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            truncate="end"
            onClick={(e) => e.stopPropagation()}
          >
            {p.address ?? `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ flex: 'none' }} title={lastConnected(p.timestamp)}>
            {dayjs(p.timestamp).fromNow()}
          </Text>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          Not Connected
        </Text>
      )}
    </>
  );
}
