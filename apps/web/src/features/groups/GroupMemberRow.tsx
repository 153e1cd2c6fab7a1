import { memo } from 'react';
import { ActionIcon, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconUserMinus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { GroupDevice } from '@waymark/domain';
import { BatteryBadge } from '../../components/BatteryBadge';
import { StatusBadge } from '../../components/StatusBadge';

dayjs.extend(relativeTime);

interface GroupMemberRowProps {
  device: GroupDevice;
  onOpen: (id: number) => void;
  onRemove: (device: GroupDevice) => void;
}

/** A tracker of the group, with the row menu 'Remove from group' (spec 000 §2.3). */
export const GroupMemberRow = memo(function GroupMemberRow({
  device,
  onOpen,
  onRemove,
}: GroupMemberRowProps) {
  const p = device.current_position;
  return (
    <Group
      role="listitem"
      aria-label={device.name}
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      px="sm"
      py={8}
      onClick={() => onOpen(device.id)}
      style={{ cursor: 'pointer', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text fw={600} size="sm" truncate="end">
            {device.name}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            <BatteryBadge percent={p?.battery ?? null} charging={p?.charging ?? device.charging} />
            <StatusBadge status={device.subscription_status} hasData={p !== null} />
          </Group>
        </Group>
        <Text size="xs" c="dimmed" truncate="end">
          {device.model_title} · {device.serial}
        </Text>
        {p && (
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" truncate="end">
              {p.address ?? `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`}
            </Text>
            <Text size="xs" c="dimmed" style={{ flex: 'none' }} title={p.timestamp}>
              {dayjs(p.timestamp).fromNow()}
            </Text>
          </Group>
        )}
      </Stack>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Actions for ${device.name}`}
            onClick={(e) => e.stopPropagation()}
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
          <Menu.Item
            color="red"
            leftSection={<IconUserMinus size={14} />}
            onClick={() => onRemove(device)}
          >
            Remove from group
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
});
