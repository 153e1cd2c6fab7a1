import { memo } from 'react';
import { ActionIcon, Group, Menu, Stack } from '@mantine/core';
import { IconDots, IconUserMinus } from '@tabler/icons-react';
import type { GroupDevice } from '@waymark/domain';
import { TrackerSummary } from '../trackers/list/TrackerSummary';

interface GroupMemberRowProps {
  device: GroupDevice;
  onOpen: (id: number) => void;
  /** Absent for those who may not manage Groups: no menu then. */
  onRemove?: (device: GroupDevice) => void;
}

/** A tracker of the group, with the row menu 'Remove from group' (spec 000 §2.3). */
export const GroupMemberRow = memo(function GroupMemberRow({
  device,
  onOpen,
  onRemove,
}: GroupMemberRowProps) {
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
        <TrackerSummary device={device} position={device.current_position} />
      </Stack>
      {onRemove && (
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
      )}
    </Group>
  );
});
