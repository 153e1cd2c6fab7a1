import { isOverdue, type DeviceListItem } from '@waymark/domain';

const DAY_MS = 86_400_000;

/** A filter with a number: off by default, the number kept for when it is switched on. */
export interface NumberFilter {
  enabled: boolean;
  value: number;
}

/** The tracker filters of spec 000 §5, stored locally. */
export interface TrackerFilters {
  /** Hide trackers not reported in N days (1–100, default 7). */
  notReported: NumberFilter;
  /** Hide trackers with battery above N percent (1–100, default 100). */
  batteryAbove: NumberFilter;
  /** Show only trackers whose report is overdue. */
  missedUpdate: boolean;
  /** Movement filters count cell fixes as movement. */
  includeCell: boolean;
  /** Show trackers moved in the last N days (1–100, default 7). */
  movedIn: NumberFilter;
  /** Show trackers not moved in the last N days (1–200, default 7). */
  notMovedIn: NumberFilter;
  /** Subscription statuses shown; options from listedStatuses(). */
  statuses: string[];
  /** Set by Scout: only these trackers, overriding every other filter; null when unused. */
  ids: number[] | null;
}

/** Range and default of each number filter (spec 000 §5). */
export const FILTER_LIMITS = {
  notReported: { min: 1, max: 100, default: 7 },
  batteryAbove: { min: 1, max: 100, default: 100 },
  movedIn: { min: 1, max: 100, default: 7 },
  notMovedIn: { min: 1, max: 200, default: 7 },
} as const;
export type NumberFilterName = keyof typeof FILTER_LIMITS;

export const SCOUT_RESET_TEXT = 'Reset Filter applied by Scout';

export function defaultFilters(statuses: readonly string[]): TrackerFilters {
  const off = (name: NumberFilterName): NumberFilter => ({
    enabled: false,
    value: FILTER_LIMITS[name].default,
  });
  return {
    notReported: off('notReported'),
    batteryAbove: off('batteryAbove'),
    missedUpdate: false,
    includeCell: true,
    movedIn: off('movedIn'),
    notMovedIn: off('notMovedIn'),
    statuses: [...statuses],
    ids: null,
  };
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));

/**
 * Reads stored filters defensively: values out of range are clamped, unknown statuses
 * dropped, and anything unreadable falls back to the defaults (the storage may be old).
 */
export function restoreFilters(stored: unknown, allowed: readonly string[]): TrackerFilters {
  const defaults = defaultFilters(allowed);
  if (!stored || typeof stored !== 'object') return defaults;
  const s = stored as Partial<Record<keyof TrackerFilters, unknown>>;
  const number = (name: NumberFilterName): NumberFilter => {
    const v = s[name] as Partial<NumberFilter> | undefined;
    const { min, max } = FILTER_LIMITS[name];
    return {
      enabled: v?.enabled === true,
      value: typeof v?.value === 'number' ? clamp(v.value, min, max) : defaults[name].value,
    };
  };
  const statuses = Array.isArray(s.statuses)
    ? s.statuses.filter((x): x is string => typeof x === 'string' && allowed.includes(x))
    : defaults.statuses;
  const ids = Array.isArray(s.ids) ? s.ids.filter((x): x is number => Number.isInteger(x)) : null;
  return {
    notReported: number('notReported'),
    batteryAbove: number('batteryAbove'),
    missedUpdate: s.missedUpdate === true,
    includeCell: s.includeCell !== false,
    movedIn: number('movedIn'),
    notMovedIn: number('notMovedIn'),
    statuses,
    ids,
  };
}

/** How many filters narrow the list now (for the Filters button badge). */
export function activeFilterCount(f: TrackerFilters, allowed: readonly string[]): number {
  if (f.ids) return 1;
  return (
    [f.notReported, f.batteryAbove, f.movedIn, f.notMovedIn].filter((n) => n.enabled).length +
    (f.missedUpdate ? 1 : 0) +
    (allowed.every((x) => f.statuses.includes(x)) ? 0 : 1)
  );
}

/** The last movement the movement filters look at; without one, the last fix stands in. */
function lastMovement(device: DeviceListItem, includeCell: boolean): number | null {
  const p = device.current_position;
  if (!p) return null;
  const moved = includeCell ? p.last_movement_time : p.last_movement_time_without_cell;
  return Date.parse(moved ?? p.timestamp);
}

/** True when the tracker passes every enabled filter at `now`. */
export function passesFilters(device: DeviceListItem, f: TrackerFilters, now: Date): boolean {
  if (f.ids) return f.ids.includes(device.id);
  const nowMs = now.getTime();
  const p = device.current_position;
  if (device.subscription_status && !f.statuses.includes(device.subscription_status)) return false;
  if (f.notReported.enabled) {
    if (!p || nowMs - Date.parse(p.timestamp) > f.notReported.value * DAY_MS) return false;
  }
  if (f.batteryAbove.enabled && p?.battery != null && p.battery > f.batteryAbove.value) {
    return false;
  }
  if (f.missedUpdate && !isOverdue(p?.timestamp ?? null, device.expected_report_minutes, now)) {
    return false;
  }
  const moved = lastMovement(device, f.includeCell);
  if (f.movedIn.enabled) {
    if (moved === null || nowMs - moved > f.movedIn.value * DAY_MS) return false;
  }
  if (f.notMovedIn.enabled) {
    // A tracker that never reported has not moved either.
    if (moved !== null && nowMs - moved <= f.notMovedIn.value * DAY_MS) return false;
  }
  return true;
}

/** Search (spec 000 §2.3): name, serial or address, case-insensitive. */
export function matchesSearch(device: DeviceListItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [device.name, device.serial, device.current_position?.address ?? ''].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

export function filterTrackers(
  devices: readonly DeviceListItem[],
  filters: TrackerFilters,
  search: string,
  now: Date,
): DeviceListItem[] {
  return devices.filter((d) => matchesSearch(d, search) && passesFilters(d, filters, now));
}

/** Spec 000 §2.3 and §9. */
export const PAGE_SIZES = [25, 50, 100, 200] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export interface Paging {
  page: number;
  pageSize: PageSize;
}

/**
 * Page changes: a new page size, search text or filters go back to page 1; a page past the
 * end (the list shrank) becomes the last page.
 */
export function nextPaging(
  current: Paging,
  change:
    | { type: 'page'; page: number }
    | { type: 'pageSize'; pageSize: PageSize }
    | { type: 'search' }
    | { type: 'filters' },
): Paging {
  switch (change.type) {
    case 'page':
      return { ...current, page: Math.max(1, change.page) };
    case 'pageSize':
      return { page: 1, pageSize: change.pageSize };
    case 'search':
    case 'filters':
      return { ...current, page: 1 };
  }
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of a page, with the page clamped to the last one. */
export function pageOf<T>(items: readonly T[], paging: Paging): { rows: T[]; page: number } {
  const page = Math.min(paging.page, pageCount(items.length, paging.pageSize));
  const start = (page - 1) * paging.pageSize;
  return { rows: items.slice(start, start + paging.pageSize), page };
}
