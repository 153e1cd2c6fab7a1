import { useMemo } from 'react';
import type { ApiPosition } from '@waymark/domain';
import { timelineOf } from './replayTimeline';
import { useReplay, type ReplayWindow } from './useReplay';

/** The replay of the range's positions: their timeline, the span they cover and the clock. */
export function useHistoryReplay(positions: readonly ApiPosition[]) {
  const timeline = useMemo(() => timelineOf(positions), [positions]);
  const range = useMemo((): ReplayWindow => {
    const { times } = timeline;
    return times.length === 0
      ? { start: 0, end: 0 }
      : { start: times[0]!, end: times[times.length - 1]! };
  }, [timeline]);
  const replay = useReplay(range);
  return { timeline, range, replay };
}
