import { useEffect, useRef } from 'react';
import { TRACKERS_IDLE_EVENT, type TrackersIdle } from '../../../map/settled';

export const TRACKERS_SETTLED_MARK = 'trackers-settled';

/**
 * Marks `performance.mark('trackers-settled')` once per visit, when the screen has settled: the
 * list has rendered its rows (`listReady`) and the map has gone idle (MapLibre `idle` with the
 * trackers source loaded) with all `count` filtered trackers in it. Benchmarks time the screen
 * by this mark instead of sleeping.
 */
export function useTrackersSettled(listReady: boolean, count: number) {
  const marked = useRef(false);
  useEffect(() => {
    if (!listReady || marked.current) return;
    const settle = (idle: TrackersIdle | undefined) => {
      if (marked.current || !idle || idle.trackers !== count) return;
      marked.current = true;
      performance.mark(TRACKERS_SETTLED_MARK, { detail: { trackers: count } });
    };
    const listener = (event: Event) => settle((event as CustomEvent<TrackersIdle>).detail);
    window.addEventListener(TRACKERS_IDLE_EVENT, listener);
    return () => window.removeEventListener(TRACKERS_IDLE_EVENT, listener);
  }, [listReady, count]);
}
