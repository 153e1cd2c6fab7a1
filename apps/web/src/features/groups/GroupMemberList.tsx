import { useRef } from 'react';
import { Box } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { GroupDevice } from '@waymark/domain';
import { GroupMemberRow } from './GroupMemberRow';

const INITIAL_RECT = { width: 320, height: 800 };

/** The group's trackers as a virtual list. */
export function GroupMemberList({
  members,
  onOpen,
  onRemove,
}: {
  members: readonly GroupDevice[];
  onOpen: (id: number) => void;
  onRemove: (device: GroupDevice) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer keeps its own mutable state; React Compiler rules flag it, harmlessly.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: members.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 72,
    // Rows show on the first paint, before the box is measured (the map may hold the
    // main thread for a while as it starts).
    initialRect: INITIAL_RECT,
    overscan: 8,
  });
  return (
    <Box ref={scrollRef} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      <Box role="list" aria-label="Group trackers" pos="relative" h={virtualizer.getTotalSize()}>
        {virtualizer.getVirtualItems().map((item) => {
          const device = members[item.index]!;
          return (
            <Box
              key={device.id}
              data-index={item.index}
              ref={virtualizer.measureElement}
              pos="absolute"
              top={0}
              left={0}
              w="100%"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <GroupMemberRow device={device} onOpen={onOpen} onRemove={onRemove} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
