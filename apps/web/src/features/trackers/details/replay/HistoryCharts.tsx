import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { chartMeasures } from './chartSeries';
import { HistoryChart } from './HistoryChart';
import type { Timeline } from './replayTimeline';
import type { Replay } from './useReplay';

/**
 * Speed, temperature and humidity (reefers) and battery over the range, one chart each on one
 * time axis; hovering any of them moves the replay there, and the replay's moment is marked on
 * all of them.
 */
export function HistoryCharts({ timeline, replay }: { timeline: Timeline; replay: Replay }) {
  const measures = useMemo(() => chartMeasures(timeline), [timeline]);
  return (
    <Stack gap={4}>
      {measures.map((measure) => (
        <HistoryChart
          key={measure.key}
          measure={measure}
          times={timeline.times}
          clock={replay.clock}
          onHover={replay.seek}
        />
      ))}
    </Stack>
  );
}
