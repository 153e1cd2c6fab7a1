import { useCallback, useEffect, useState } from 'react';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import type { HistoryRange } from '../../../api/deviceDetails';
import {
  presetRange,
  UTC_ZONE,
  type DateRange,
  type DateRangePreset,
} from '../../../components/dateRange';

/** Spec 000 §9. */
export const AUTO_REFRESH_MS = 30_000;
export const HISTORY_DEBOUNCE_MS = 500;
/** Remembered between visits (spec 000 §4 "Remembered state"). */
const AUTO_REFRESH_KEY = 'waymark.trackers.autoRefresh';

/** Presets that end at the present: a refresh moves their end up to the new present. */
const LIVE_PRESETS: readonly DateRangePreset[] = ['Today', 'Last Hour', 'This week', 'This month'];

interface RangeState extends DateRange {
  preset: DateRangePreset;
  /** The moment the range was chosen or refreshed: the picker's max date. */
  now: Date;
  /** Counts the user's choices (a refresh is not one): the map frames each chosen range once. */
  choice: number;
}

/**
 * A range in the URL (`?from=…&to=…`, ISO instants, as the fleet reports link a trip) opens
 * instead of today, as a custom range.
 */
function linked(search: URLSearchParams): RangeState | null {
  const start = Date.parse(search.get('from') ?? '');
  const end = Date.parse(search.get('to') ?? '');
  if (!Number.isFinite(start) || !Number.isFinite(end) || start > end) return null;
  const now = new Date(Math.max(Date.now(), end));
  return { start: new Date(start), end: new Date(end), preset: 'Custom Range', now, choice: 0 };
}

function today(): RangeState {
  const now = new Date();
  // Tracker details opens on the start of today, on the UTC clocks its picker uses.
  const range = presetRange('Today', now, UTC_ZONE) ?? { start: now, end: now };
  return { ...range, preset: 'Today', now, choice: 0 };
}

/**
 * The chosen range of tracker details and its refreshing (spec 000 §4 "Tracker details
 * loading"): history is asked for only when the end is not in the future, 500 ms after the
 * last change. A refresh moves the end of a range that reaches the present up to the present.
 */
export function useDetailsRange() {
  const [search] = useSearchParams();
  const [state, setState] = useState<RangeState>(() => linked(search) ?? today());
  const [autoRefresh, setAutoRefresh] = useLocalStorage({
    key: AUTO_REFRESH_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const [debounced] = useDebouncedValue(state, HISTORY_DEBOUNCE_MS);

  const choose = useCallback((range: DateRange, preset: DateRangePreset) => {
    setState((current) => ({ ...range, preset, now: new Date(), choice: current.choice + 1 }));
  }, []);

  const refresh = useCallback(() => {
    setState((current) => {
      const now = new Date();
      const live = LIVE_PRESETS.includes(current.preset)
        ? presetRange(current.preset, now, UTC_ZONE)
        : null;
      return live ? { ...current, ...live, now } : { ...current, now };
    });
  }, []);

  // `now` is when the range was last chosen or refreshed, so an end at or before it is past.
  const history: HistoryRange | null =
    debounced.end.getTime() <= debounced.now.getTime()
      ? { from: debounced.start, to: debounced.end }
      : null;

  return {
    range: { start: state.start, end: state.end } as DateRange,
    maxDate: state.now,
    choose,
    refresh,
    history,
    /** The choice `history` belongs to. */
    historyChoice: debounced.choice,
    autoRefresh,
    setAutoRefresh,
  };
}

/** Calls `tick` every 30 s while `on`; the caller turns it off while a range is loading. */
export function useAutoRefresh(on: boolean, tick: () => void) {
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(tick, AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [on, tick]);
}
