import type { RawPosition } from '@waymark/domain';
import { benchFix, benchTracker } from './bench-fleet';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Fixes of one day's drive, 20 min apart (about 1.1 km each at 50 km/h, 0.01° north). */
const FIXES_PER_DRIVE = 4;
const STEP_DEG = 0.01;

/**
 * The week before the seed's last hour for tracker i: a drive at midday on each of `days`
 * days, ending where the tracker stands, so every moving tracker has a daily summary per day
 * and "who drove the most last week" reads `days` rows for each of them (issue 38's bar counts
 * distances over a week). Parked trackers keep their three still days; silent ones stay silent.
 */
export function weekOfDrives(serial: string, i: number, now: number, days: number): RawPosition[] {
  const tracker = benchTracker(i);
  if (!tracker || tracker.parked) return [];
  const fixes: RawPosition[] = [];
  for (let d = days; d >= 1; d--) {
    const noon = Math.floor((now - d * DAY) / DAY) * DAY + 12 * HOUR;
    for (let k = 0; k < FIXES_PER_DRIVE; k++) {
      const lat = tracker.lat - (FIXES_PER_DRIVE - 1 - k) * STEP_DEG;
      fixes.push(benchFix(serial, tracker, new Date(noon + k * 20 * 60_000), lat));
    }
  }
  return fixes;
}
