import { memo } from 'react';
import { ActionIcon, Box, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { PENDING_TRACKER_MESSAGE, type DeviceListItem } from '@waymark/domain';
import { useLivePosition } from '../../../api/livePositions';
import { TrackerSummary } from './TrackerSummary';

interface TrackerRowProps {
  device: DeviceListItem;
  checked: boolean;
  /** The list's clock, for the status the row shows. */
  now: Date;
  /** Cancelled trackers open only for B2B accounts (spec 000 §6). */
  clickable: boolean;
  onCheck: (id: number, checked: boolean) => void;
  onOpen: (id: number) => void;
  onShowOnMap: (id: number) => void;
}

export const TrackerRow = memo(function TrackerRow({
  device,
  checked,
  now,
  clickable,
  onCheck,
  onOpen,
  onShowOnMap,
}: TrackerRowProps) {
  const p = useLivePosition(device.id, device.current_position);
  return (
    <Group
      role="listitem"
      aria-label={device.name}
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      px="sm"
      py={8}
      onClick={clickable ? () => onOpen(device.id) : undefined}
      style={{
        cursor: clickable ? 'pointer' : 'default',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Checkbox
        mt={2}
        aria-label={`Select ${device.name}`}
        checked={checked}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => onCheck(device.id, e.currentTarget.checked)}
      />
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <TrackerSummary device={device} position={p} now={now} />
        {device.note && (
          <Text size="xs" fs="italic" lineClamp={2}>
            {device.note}
          </Text>
        )}
        {device.subscription_status === 'pending' && (
          <Text size="xs" c="blue.7">
            {PENDING_TRACKER_MESSAGE}
          </Text>
        )}
      </Stack>
      {p && (
        <Box style={{ flex: 'none' }}>
          <Tooltip label="Show on map">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Show ${device.name} on map`}
              onClick={(e) => {
                e.stopPropagation();
                onShowOnMap(device.id);
              }}
            >
              <IconMapPin size={16} />
            </ActionIcon>
          </Tooltip>
        </Box>
      )}
    </Group>
  );
});
