import type { RawPosition } from '@waymark/domain';

/** Where the Scout bench's depot stands: a fifth of the fleet is inside it. */
export const DEPOT = { lat: 41.88, lng: -87.63 };

/** Tracker i's serial. */
export const serialOf = (i: number) => `77${String(i).padStart(13, '0')}`;

/**
 * Tracker i of the bench fleet: where it stands, whether it is parked, its battery; undefined
 * for one that never reports. The seed, its week (week.ts) and the live feed (feed.ts) place it
 * the same way.
 */
export function benchTracker(i: number) {
  if (i % 20 === 19) return undefined;
  const inDepot = i % 5 === 0;
  return {
    parked: i % 10 === 3,
    lat: inDepot ? DEPOT.lat + ((i % 7) - 3) * 0.001 : 41.5 + (i % 97) * 0.01,
    lng: inDepot ? DEPOT.lng : -88.2 + (i % 89) * 0.01,
    battery: i % 10 === 7 ? 9 : 75,
  };
}

/** A report of tracker i (benchTracker) at `deviceTime` and latitude `lat`. */
export function benchFix(
  serial: string,
  tracker: NonNullable<ReturnType<typeof benchTracker>>,
  deviceTime: Date,
  lat: number,
): RawPosition {
  const { parked, lng, battery } = tracker;
  return {
    serial,
    deviceTime,
    lat,
    lng,
    valid: true,
    fix: 'gps',
    speed: parked ? 0 : 50,
    speedUnit: 'kmh',
    battery,
  };
}
