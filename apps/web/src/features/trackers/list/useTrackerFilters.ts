import { useCallback, useMemo } from 'react';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { listedStatuses } from '@waymark/domain';
import { restoreFilters, type TrackerFilters } from './filters';
import { FILTER_DEBOUNCE_MS, STORAGE_KEYS } from './preferences';

/**
 * The tracker filters, stored in localStorage. `filters` is what the menu shows; `applied`
 * follows it 200 ms later (spec 000 §5), so quick toggles do not refilter every time.
 */
export function useTrackerFilters(canSeeCancelledDevices: boolean) {
  const allowed = useMemo(() => listedStatuses(canSeeCancelledDevices), [canSeeCancelledDevices]);
  const [stored, setStored] = useLocalStorage<unknown>({
    key: STORAGE_KEYS.filters,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  const filters = useMemo(() => restoreFilters(stored, allowed), [stored, allowed]);
  const [applied] = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const update = useCallback(
    (change: Partial<TrackerFilters>) =>
      setStored((previous: unknown) => ({ ...restoreFilters(previous, allowed), ...change })),
    [setStored, allowed],
  );
  const reset = useCallback(() => setStored(null), [setStored]);
  return { filters, applied, update, reset, allowed };
}
