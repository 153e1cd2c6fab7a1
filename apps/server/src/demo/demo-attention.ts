import type { Fix } from '@waymark/simulator/trips/fix';

/**
 * The demo trackers a fleet manager must look at, so the trackers list's 'Low battery' and
 * 'Alarm' chips hold someone (issue 37): the simulated fleet charges its batteries and raises
 * SOS too rarely to show either. States of trackers the demo has anyway, not more trackers
 * (Demo Logistics keeps its 60).
 */

/** Pickup 60, the blocked tracker: its battery ran down before it went silent. */
export const DEMO_FLAT_BATTERY_TRACKER = 'Pickup 60';
/** Van 14, simulated on: its driver pressed SOS earlier today; SOS stays raised until cleared. */
export const DEMO_SOS_TRACKER = 'Van 14';

/** What the flat battery reads at the last report (under the 20 % of the red badge). */
const FLAT_BATTERY_PERCENT = 9;
/** How long before its last report the battery stopped being charged and ran down. */
const DRAIN_MS = 24 * 3_600_000;
/** How long before the end of the seeded history the SOS was pressed. */
const SOS_AGO_MS = 3 * 3_600_000;

/**
 * The last day of `fixes` draining evenly from where the battery stood to FLAT_BATTERY_PERCENT,
 * uncharged, the last report raising the tracker's low-battery alarm.
 */
export function drainBattery(fixes: readonly Fix[]): Fix[] {
  const last = fixes.at(-1);
  if (!last) return [];
  const from = last.time.getTime() - DRAIN_MS;
  const first = fixes.findIndex((f) => f.time.getTime() >= from);
  const start = fixes[first]!.battery;
  return fixes.map((f, i) => {
    if (i < first) return f;
    const share = (f.time.getTime() - from) / DRAIN_MS;
    const battery = Math.round(start + (FLAT_BATTERY_PERCENT - start) * Math.min(1, share));
    const drained = { ...f, battery, charging: false };
    // The low-battery alarm once, with the last report; any other alarm of the day stays.
    if (i === fixes.length - 1) return { ...drained, alarm: 'lowBattery' as const };
    return drained.alarm === 'lowBattery' ? { ...drained, alarm: undefined } : drained;
  });
}

/** `fixes` with the report nearest SOS_AGO_MS before `end` carrying the SOS alarm. */
export function pressSos(fixes: readonly Fix[], end: Date): Fix[] {
  const at = end.getTime() - SOS_AGO_MS;
  let nearest = -1;
  fixes.forEach((f, i) => {
    const gap = Math.abs(f.time.getTime() - at);
    if (nearest === -1 || gap < Math.abs(fixes[nearest]!.time.getTime() - at)) nearest = i;
  });
  return fixes.map((f, i) => (i === nearest ? { ...f, alarm: 'sos' as const } : f));
}
