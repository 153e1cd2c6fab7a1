import { motionStatus, type FleetStatusInput, type MotionStatus } from './fleet-status.rules';

/** The columns the trackers list sorts by (issue 37 §3). */
export const TRACKER_SORT_KEYS = ['name', 'last_report', 'speed', 'battery', 'status'] as const;
export type TrackerSortKey = (typeof TRACKER_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface TrackerSort {
  key: TrackerSortKey;
  direction: SortDirection;
}

export const TRACKER_SORT_LABELS: Record<TrackerSortKey, string> = {
  name: 'Name',
  last_report: 'Last report',
  speed: 'Speed',
  battery: 'Battery',
  status: 'Status',
};
export const DEFAULT_TRACKER_SORT: TrackerSort = { key: 'name', direction: 'asc' };

const MOTION_ORDER: Record<MotionStatus, number> = { moving: 0, stopped: 1, offline: 2 };

type Sortable = FleetStatusInput & { id: number; name: string };

function valueOf(t: Sortable, key: TrackerSortKey, now: Date): number | string | null {
  const p = t.current_position;
  switch (key) {
    case 'name':
      return t.name.toLowerCase();
    case 'last_report':
      return p ? Date.parse(p.timestamp) : null;
    case 'speed':
      return p ? (p.speed ?? 0) : null;
    case 'battery':
      return p?.battery ?? null;
    case 'status':
      return MOTION_ORDER[motionStatus(t, now)];
  }
}

/**
 * The trackers in the order of `sort`. Trackers without the value (never reported, no battery
 * reading) go last in either direction, so a sort always starts with what it is about; ties
 * go by name, then id, so the order is the same on every refresh.
 */
export function sortTrackers<T extends Sortable>(
  trackers: readonly T[],
  sort: TrackerSort,
  now: Date,
): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = trackers.map((t) => ({ t, v: valueOf(t, sort.key, now) }));
  keyed.sort((a, b) => {
    if (a.v !== b.v) {
      if (a.v === null) return 1;
      if (b.v === null) return -1;
      return (a.v < b.v ? -1 : 1) * sign;
    }
    const byName = a.t.name.localeCompare(b.t.name);
    return byName !== 0 ? byName : a.t.id - b.t.id;
  });
  return keyed.map((k) => k.t);
}
