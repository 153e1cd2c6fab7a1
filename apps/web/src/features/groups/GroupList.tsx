import { useCallback, useMemo, useState } from 'react';
import { Box, Group, Text } from '@mantine/core';
import type { DeviceListItem, Group as DeviceGroup } from '@waymark/domain';
import { VirtualList } from '../../components/VirtualList';
import { GroupRow } from './GroupRow';

const NO_MEMBERS: DeviceListItem[] = [];

/** Groups as a virtual list (spec 000 §2.6) with the count; a row expands to its trackers. */
export function GroupList({
  groups,
  trackers,
  onOpen,
}: {
  groups: readonly DeviceGroup[];
  /** The tracker list, to show a group's members when it is expanded. */
  trackers: readonly DeviceListItem[];
  onOpen: (groupId: number) => void;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const membersOf = useMemo(() => {
    const byGroup = new Map<number, DeviceListItem[]>();
    for (const tracker of trackers) {
      for (const groupId of tracker.group_ids) {
        const list = byGroup.get(groupId);
        if (list) list.push(tracker);
        else byGroup.set(groupId, [tracker]);
      }
    }
    return byGroup;
  }, [trackers]);
  const onToggle = useCallback((groupId: number) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(groupId)) next.delete(groupId);
      else next.add(groupId);
      return next;
    });
  }, []);

  return (
    <Box style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Group px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Text size="xs" c="dimmed" data-testid="group-count">
          {groups.length} {groups.length === 1 ? 'group' : 'groups'}
        </Text>
      </Group>
      <VirtualList
        items={groups}
        label="Groups"
        estimateSize={46}
        rowsOnFirstPaint
        renderItem={(group) => (
          <GroupRow
            group={group}
            members={membersOf.get(group.id) ?? NO_MEMBERS}
            expanded={expanded.has(group.id)}
            onToggle={onToggle}
            onOpen={onOpen}
          />
        )}
      />
    </Box>
  );
}
