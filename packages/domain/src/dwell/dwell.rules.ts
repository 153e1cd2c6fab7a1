/** Look-back periods of the dwell dashboard in days (spec 000 §9), the first is the default. */
export const DWELL_PERIODS = [30, 60, 90] as const;
export type DwellPeriod = (typeof DWELL_PERIODS)[number];
export const DEFAULT_DWELL_PERIOD: DwellPeriod = 30;

/** Percentages of the SLA at or under which a row is green, then yellow (spec 000 §4). */
export const DWELL_GREEN_MAX_PERCENT = 75;
export const DWELL_YELLOW_MAX_PERCENT = 100;

const SECONDS_PER_DAY = 86_400;

export type DwellColour = 'green' | 'yellow' | 'red' | 'white';

/** True when the geofence has a dwell SLA: a positive number of allowable days. */
export function hasDwellSla(allowableDwellDays: number | null | undefined): boolean {
  return typeof allowableDwellDays === 'number' && allowableDwellDays > 0;
}

/**
 * Average dwell as a percentage of the SLA: avg_time / (allowable_dwell_days · 86,400) · 100,
 * rounded to one decimal. Null without an SLA (none or 0 days) or without visits in the
 * period, since neither has a meaningful ratio.
 */
export function dwellPercentage(
  avgTimeSeconds: number | null,
  allowableDwellDays: number | null | undefined,
): number | null {
  if (avgTimeSeconds === null || !hasDwellSla(allowableDwellDays)) return null;
  const percent = (avgTimeSeconds / (allowableDwellDays! * SECONDS_PER_DAY)) * 100;
  return Math.round(percent * 10) / 10;
}

/**
 * Colour of the average dwell (spec 000 §4): up to 75 % of the SLA green, up to 100 % yellow,
 * above red; white when there is no percentage (no SLA, or no visits to measure).
 */
export function dwellColour(percentage: number | null): DwellColour {
  if (percentage === null) return 'white';
  if (percentage <= DWELL_GREEN_MAX_PERCENT) return 'green';
  if (percentage <= DWELL_YELLOW_MAX_PERCENT) return 'yellow';
  return 'red';
}

export type AssetsColour = 'green' | 'red' | 'white';

/**
 * Colour of the devices count (spec 000 §4): green within min_assets..max_assets (a bound
 * that is not set does not limit), red outside them, white when neither bound is set.
 */
export function assetsColour(
  devicesCount: number,
  minAssets: number | null | undefined,
  maxAssets: number | null | undefined,
): AssetsColour {
  const hasMin = typeof minAssets === 'number';
  const hasMax = typeof maxAssets === 'number';
  if (!hasMin && !hasMax) return 'white';
  const aboveMin = !hasMin || devicesCount >= minAssets;
  const belowMax = !hasMax || devicesCount <= maxAssets;
  return aboveMin && belowMax ? 'green' : 'red';
}

/** Whole days from entering a geofence until `now`, as days_spent_since_entry counts them. */
export function daysSinceEntry(enteredAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - enteredAt.getTime()) / (SECONDS_PER_DAY * 1000)));
}

/** A duration in seconds as people read dwell: '3d 4h', '5h 12m', '7m', '0m'. */
export function formatDwellTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${rest}m`;
  return `${rest}m`;
}

/**
 * Reads what was typed into a dwell inline edit: a number, or null for an empty box (which
 * clears the setting); anything else is not a number. Bounds are the server's to check.
 */
export function parseDwellInput(text: string): { ok: true; value: number | null } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const value = Number(trimmed);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false };
}
