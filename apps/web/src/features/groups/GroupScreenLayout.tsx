import { Suspense, useState, type ReactNode } from 'react';
import { Box, Center, Loader, SegmentedControl } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@waymark/domain';
import { ResizableColumns } from '../trackers/list/ResizableColumns';

/**
 * The group screens' frame, like the trackers screen: list on the left and map in the
 * centre on wide screens; below 768 px one of them, chosen with a List/Map switch.
 */
export function GroupScreenLayout({ list, map }: { list: ReactNode; map: ReactNode }) {
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINTS.sm - 0.02}px)`) ?? false;
  const [column, setColumn] = useState<'left' | 'center'>('left');
  const mapColumn = (
    <Box style={{ flex: 1, minHeight: 0, position: 'relative' }}>
      <Suspense
        fallback={
          <Center h="100%">
            <Loader size="sm" aria-label="Loading map" />
          </Center>
        }
      >
        {map}
      </Suspense>
    </Box>
  );
  return (
    <Box
      style={{
        display: 'flex',
        flexDirection: 'column',
        // A fixed height under the 63 px header: the list and the map scroll inside it.
        flex: 'none',
        height: 'calc(100dvh - 63px)',
        overflow: 'hidden',
      }}
    >
      {mobile ? (
        <>
          <SegmentedControl
            m="xs"
            aria-label="Column"
            value={column}
            onChange={(value) => setColumn(value as 'left' | 'center')}
            data={[
              { value: 'left', label: 'List' },
              { value: 'center', label: 'Map' },
            ]}
          />
          <Box style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
            {column === 'left' ? list : mapColumn}
          </Box>
        </>
      ) : (
        <ResizableColumns showLeft left={list} center={mapColumn} />
      )}
    </Box>
  );
}
