import { memo } from 'react';
import { ActionIcon, Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { groupLabel, type DeviceListItem, type Group as DeviceGroup } from '@waymark/domain';

interface GroupRowProps {
  group: DeviceGroup;
  /** The members the list knows (trackers with current positions); shown when expanded. */
  members: readonly DeviceListItem[];
  expanded: boolean;
  onToggle: (groupId: number) => void;
  onOpen: (groupId: number) => void;
}

/** One group: its name links to the group, the chevron lists its trackers under it. */
export const GroupRow = memo(function GroupRow({
  group,
  members,
  expanded,
  onToggle,
  onOpen,
}: GroupRowProps) {
  const label = groupLabel(group.name);
  return (
    <Box
      role="listitem"
      aria-label={label}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group
        wrap="nowrap"
        gap="xs"
        px="sm"
        py={10}
        onClick={() => onOpen(group.id)}
        style={{ cursor: 'pointer' }}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`${expanded ? 'Hide' : 'Show'} trackers of ${label}`}
          aria-expanded={expanded}
          disabled={group.devices_count === 0}
          onClick={(e) => {
            e.stopPropagation();
            onToggle(group.id);
          }}
        >
          {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        </ActionIcon>
        <Anchor
          component={Link}
          to={`/groups/${group.id}`}
          fw={600}
          size="sm"
          c="inherit"
          truncate="end"
          style={{ flex: 1, minWidth: 0 }}
          onClick={(e) => e.stopPropagation()}
        >
          {label}
        </Anchor>
        <Badge variant="light" color="gray" style={{ flex: 'none' }}>
          {group.devices_count} {group.devices_count === 1 ? 'tracker' : 'trackers'}
        </Badge>
      </Group>
      {expanded && (
        <Stack gap={2} pl={44} pr="sm" pb={8}>
          {members.map((device) => (
            <Anchor
              key={device.id}
              component={Link}
              to={`/trackers/${device.id}`}
              state={{ from: 'groups' }}
              size="xs"
              truncate="end"
            >
              {device.name}
            </Anchor>
          ))}
          {members.length < group.devices_count && (
            <Text size="xs" c="dimmed">
              {group.devices_count - members.length} more not in the tracker list
            </Text>
          )}
        </Stack>
      )}
    </Box>
  );
});
