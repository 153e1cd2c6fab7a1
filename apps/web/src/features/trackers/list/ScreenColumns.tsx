import { Suspense, type ReactNode } from 'react';
import { Box, Center, Loader, SegmentedControl } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@waymark/domain';
import { ResizableColumns } from './ResizableColumns';

export type ScreenColumn = 'left' | 'center' | 'right';

/** Below 768 px (spec 000 §2.3) the list screens show one column at a time. */
export function useOneColumn(): boolean {
  return useMediaQuery(`(max-width: ${BREAKPOINTS.sm - 0.02}px)`) ?? false;
}

/** The map's place in a column, with a loader while MapLibre's chunk arrives. */
export function MapSlot({ children }: { children: ReactNode }) {
  return (
    <Box style={{ flex: 1, minHeight: 0, position: 'relative' }}>
      <Suspense
        fallback={
          <Center h="100%">
            <Loader size="sm" aria-label="Loading map" />
          </Center>
        }
      >
        {children}
      </Suspense>
    </Box>
  );
}

interface ScreenColumnsProps {
  /** One column at a time (useOneColumn), chosen with the List/Map(/Scout) switch. */
  oneColumn: boolean;
  column: ScreenColumn;
  onColumn: (column: ScreenColumn) => void;
  showLeft: boolean;
  left: ReactNode;
  center: ReactNode;
  /** Scout's chat (the trackers screen, for users who may use AI); absent elsewhere. */
  right?: ReactNode;
  /** The right column is open (wide screens; on phones the switch chooses it). */
  showRight?: boolean;
}

/**
 * The frame of the trackers and group screens: list on the left, map in the centre and, on the
 * trackers screen, Scout on the right on wide screens, resizable; one of them below 768 px. It
 * fills the window under the header and banners (data-fills-window), so the list and the map
 * scroll inside it.
 */
export function ScreenColumns({
  oneColumn,
  column,
  onColumn,
  showLeft,
  left,
  center,
  right,
  showRight = false,
}: ScreenColumnsProps) {
  const columns = [
    { value: 'left', label: 'List' },
    { value: 'center', label: 'Map' },
    ...(right !== undefined ? [{ value: 'right', label: 'Scout' }] : []),
  ];
  const shown = column === 'right' && right === undefined ? 'left' : column;
  return (
    <Box data-fills-window style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      {oneColumn ? (
        <>
          <SegmentedControl
            m="xs"
            aria-label="Column"
            value={shown}
            onChange={(value) => onColumn(value as ScreenColumn)}
            data={columns}
          />
          <Box style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
            {shown === 'left' ? left : shown === 'center' ? center : null}
            {/* Scout stays mounted while the list or the map shows, so its chat goes on. */}
            {right !== undefined && (
              <Box
                style={{
                  display: shown === 'right' ? 'flex' : 'none',
                  flexDirection: 'column',
                  flex: 1,
                  minHeight: 0,
                }}
              >
                {right}
              </Box>
            )}
          </Box>
        </>
      ) : (
        <ResizableColumns
          showLeft={showLeft}
          showRight={showRight}
          left={left}
          center={center}
          right={right}
        />
      )}
    </Box>
  );
}
