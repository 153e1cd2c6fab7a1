import { Grid, Stack, Text } from '@mantine/core';
import type { ApiTrip } from '@waymark/domain';
import { HistoryCharts } from './HistoryCharts';
import { ReplayControls } from './ReplayControls';
import type { Timeline } from './replayTimeline';
import { TripsList } from './TripsList';
import type { Replay, ReplayWindow } from './useReplay';

interface ReplayPanelProps {
  replay: Replay;
  timeline: Timeline;
  range: ReplayWindow;
  trips: readonly ApiTrip[];
  tripsLoading: boolean;
}

/** Under the map: the replay's controls and the charts, with the range's trips beside them. */
export function ReplayPanel({ replay, timeline, range, trips, tripsLoading }: ReplayPanelProps) {
  const replaying = replay.window.start !== range.start || replay.window.end !== range.end;
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="xs">
          <ReplayControls replay={replay} timeline={timeline} range={range} />
          <HistoryCharts timeline={timeline} replay={replay} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Text size="sm" fw={600} mb={4}>
          Trips
        </Text>
        <TripsList
          trips={trips}
          loading={tripsLoading}
          activeStart={replaying ? replay.window.start : null}
          onReplay={(trip) =>
            replay.replay({ start: Date.parse(trip.start.time), end: Date.parse(trip.end.time) })
          }
        />
      </Grid.Col>
    </Grid>
  );
}
