import { useRef, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';

/** A box to lay rows out in before the real one is measured. */
const FIRST_PAINT_RECT = { width: 320, height: 800 };

interface VirtualListProps<T extends { id: number }> {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  /** A row's height before it is measured (px). */
  estimateSize: number;
  /**
   * Lay rows out on the first paint, before the box is measured: the map may hold the main
   * thread for a while as it starts.
   */
  rowsOnFirstPaint?: boolean;
  /** Shown above the rows, inside the scrolling box (an empty-list message). */
  header?: ReactNode;
  renderItem: (item: T) => ReactNode;
}

/** The scrolling, virtualised list of the list screens (TanStack Virtual), a row per item. */
export function VirtualList<T extends { id: number }>({
  items,
  label,
  estimateSize,
  rowsOnFirstPaint = false,
  header,
  renderItem,
}: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer keeps its own mutable state; React Compiler rules flag it, harmlessly.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    ...(rowsOnFirstPaint ? { initialRect: FIRST_PAINT_RECT } : {}),
    overscan: 8,
  });
  return (
    <Box ref={scrollRef} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      {header}
      <Box role="list" aria-label={label} pos="relative" h={virtualizer.getTotalSize()}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index]!;
          return (
            <Box
              key={item.id}
              data-index={row.index}
              ref={virtualizer.measureElement}
              pos="absolute"
              top={0}
              left={0}
              w="100%"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              {renderItem(item)}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
