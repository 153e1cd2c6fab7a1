import { useMemo } from 'react';
import type { Timeline } from './replayTimeline';
import { useReplay, type ReplayWindow } from './useReplay';

/** The replay of the range's history (its columns): the span the fixes cover and the clock. */
export function useHistoryReplay(timeline: Timeline) {
  const range = useMemo((): ReplayWindow => {
    const { times } = timeline;
    return times.length === 0
      ? { start: 0, end: 0 }
      : { start: times[0]!, end: times[times.length - 1]! };
  }, [timeline]);
  const replay = useReplay(range);
  return { timeline, range, replay };
}
