import { useEffect, useState } from 'react';
import { livePositions } from '../../../api/livePositions';

/** At most this often the list takes in the positions that arrived over the channel. */
const LIVE_EVERY_MS = 1_000;

/**
 * The current time for the trackers list, renewed every minute and, at most once a second,
 * when positions arrive over the realtime channel: the list, its chips' counts and the map
 * are recomputed from it, so they follow the fleet as it moves without a refetch.
 */
export function useLiveNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    let pending: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = livePositions.subscribe(() => {
      pending ??= setTimeout(() => {
        pending = null;
        setNow(new Date());
      }, LIVE_EVERY_MS);
    });
    return () => {
      clearInterval(timer);
      if (pending) clearTimeout(pending);
      unsubscribe();
    };
  }, [everyMs]);
  return now;
}
