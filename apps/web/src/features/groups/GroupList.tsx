import { useCallback, useMemo, useRef, useState } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { DeviceListItem, Group as DeviceGroup } from '@waymark/domain';
import { GroupRow } from './GroupRow';

const INITIAL_RECT = { width: 320, height: 800 };

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
  const scrollRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // The virtualizer keeps its own mutable state; React Compiler rules flag it, harmlessly.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: groups.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 46,
    // Rows show on the first paint, before the box is measured (the map may hold the
    // main thread for a while as it starts).
    initialRect: INITIAL_RECT,
    overscan: 8,
  });
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
      <Box ref={scrollRef} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <Box role="list" aria-label="Groups" pos="relative" h={virtualizer.getTotalSize()}>
          {virtualizer.getVirtualItems().map((item) => {
            const group = groups[item.index]!;
            return (
              <Box
                key={group.id}
                data-index={item.index}
                ref={virtualizer.measureElement}
                pos="absolute"
                top={0}
                left={0}
                w="100%"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <GroupRow
                  group={group}
                  members={membersOf.get(group.id) ?? NO_MEMBERS}
                  expanded={expanded.has(group.id)}
                  onToggle={onToggle}
                  onOpen={onOpen}
                />
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
