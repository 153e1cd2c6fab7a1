import { useMemo, useState } from 'react';
import { Box, Checkbox, Paper, Stack } from '@mantine/core';
import type { ApiPosition, ApiStop } from '@waymark/domain';
import {
  AccuracyLayer,
  FleetMap,
  MapCamera,
  StopsLayer,
  TrailLayer,
  trailColumnsOf,
} from '../../map';

export interface ReportMapProps {
  positions: readonly ApiPosition[];
  stops: readonly ApiStop[];
  /** Names what is framed, once (map/README.md, Framing): `report-{id}`, `public-report-{uuid}`. */
  fitKey: string;
}

/**
 * The report's map (spec 001 §2): the track with its points coloured by speed and the
 * accuracy circles of cell and wifi fixes ('Show tracks'), the stops ('Show stops'), and the
 * Map/Satellite base layers FleetMap offers when the installation has satellite tiles.
 */
export function ReportMap({ positions, stops, fitKey }: ReportMapProps) {
  const [showTracks, setShowTracks] = useState(true);
  const [showStops, setShowStops] = useState(true);
  const trail = useMemo(() => trailColumnsOf(positions), [positions]);
  const points = useMemo(
    (): [number, number][] =>
      positions.length > 0
        ? positions.map((p) => [p.lng, p.lat])
        : stops.map((s) => [s.location[0], s.location[1]]),
    [positions, stops],
  );

  return (
    <Box h="100%" mih={360} pos="relative">
      <FleetMap mode="single" aria-label="Report map">
        {showTracks && <AccuracyLayer positions={positions} />}
        {showTracks && <TrailLayer trail={trail} />}
        {showStops && <StopsLayer stops={stops} />}
        <MapCamera points={points} fitKey={fitKey} />
      </FleetMap>
      <Paper
        pos="absolute"
        top={10}
        right={10}
        p={8}
        shadow="sm"
        withBorder
        style={{ zIndex: 2 }}
        role="group"
        aria-label="Map layers"
      >
        <Stack gap={6}>
          <Checkbox
            size="xs"
            label="Show tracks"
            checked={showTracks}
            onChange={(e) => setShowTracks(e.currentTarget.checked)}
          />
          <Checkbox
            size="xs"
            label="Show stops"
            checked={showStops}
            onChange={(e) => setShowStops(e.currentTarget.checked)}
          />
        </Stack>
      </Paper>
    </Box>
  );
}
