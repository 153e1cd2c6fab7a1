import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs`: filters and relative times depend on it, and
 * reading the clock during render would make rendering impure.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
