import type { ReactNode } from 'react';
import { Box, Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@waymark/domain';

/**
 * The geofence screens' frame: a scrolling panel on the left and the map filling the rest of
 * the window (data-fills-window: under the shell's header and banners, or all of a public
 * page); below 768 px the map sits under the panel.
 */
export function PlacesLayout({ panel, map }: { panel: ReactNode; map: ReactNode }) {
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINTS.sm - 0.02}px)`) ?? false;
  if (mobile) {
    return (
      <Box>
        <Box p="sm">{panel}</Box>
        <Box h={360} pos="relative">
          {map}
        </Box>
      </Box>
    );
  }
  return (
    <Box data-fills-window style={{ display: 'flex', overflow: 'hidden' }}>
      <Paper
        radius={0}
        withBorder
        style={{ width: 440, flex: 'none', overflowY: 'auto', borderTop: 0, borderBottom: 0 }}
      >
        <Box p="md">{panel}</Box>
      </Paper>
      <Box style={{ flex: 1, minWidth: 0, position: 'relative' }}>{map}</Box>
    </Box>
  );
}
