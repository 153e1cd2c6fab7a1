import { useMemo } from 'react';
import { useLocalStorage } from '@mantine/hooks';
import {
  DEFAULT_TRACKER_SORT,
  TRACKER_SORT_KEYS,
  type TrackerSort,
  type TrackerSortKey,
} from '@waymark/domain';
import { STORAGE_KEYS } from './preferences';

/** Reads a stored sort defensively: anything unknown falls back to name, A to Z. */
export function restoreSort(stored: unknown): TrackerSort {
  const s = (stored ?? {}) as Partial<Record<keyof TrackerSort, unknown>>;
  const key = TRACKER_SORT_KEYS.includes(s.key as TrackerSortKey)
    ? (s.key as TrackerSortKey)
    : DEFAULT_TRACKER_SORT.key;
  return { key, direction: s.direction === 'desc' ? 'desc' : 'asc' };
}

/** The list's sort, kept in localStorage beside its filters (spec 000 §4 "Remembered state"). */
export function useTrackerSort() {
  const [stored, setStored] = useLocalStorage<unknown>({
    key: STORAGE_KEYS.sort,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  const sort = useMemo(() => restoreSort(stored), [stored]);
  return [sort, setStored as (sort: TrackerSort) => void] as const;
}
