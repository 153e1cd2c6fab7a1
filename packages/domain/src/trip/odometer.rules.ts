import { distanceMetres } from '../geo/geo.rules';

/** Odometer ignores hops shorter than this: GPS jitter of a parked tracker is not distance. */
export const ODOMETER_JITTER_METRES = 15;

/** The odometer as it runs along a tracker's non-cell fixes. */
export interface Odometer {
  /** Metres so far. */
  metres: number;
  /** Where it last counted from; null until a fix gives one (or after a relocation). */
  point: { lat: number; lng: number } | null;
}

/**
 * The odometer after one more non-cell fix (cell fixes are too coarse to measure by): a hop
 * longer than the jitter bound and the fix's accuracy radius counts and moves the point on; a
 * shorter one waits, so a parked tracker's wandering adds nothing. The pipeline's motion step
 * keeps the tracker's odometer with it, and a saved report measures its range with it, so
 * their distances are the same arithmetic.
 */
export function advanceOdometer(
  odometer: Odometer,
  fix: { lat: number; lng: number; accuracy: number | null },
): Odometer {
  if (!odometer.point) return { metres: odometer.metres, point: { lat: fix.lat, lng: fix.lng } };
  const hop = distanceMetres(odometer.point.lat, odometer.point.lng, fix.lat, fix.lng);
  if (hop <= Math.max(ODOMETER_JITTER_METRES, fix.accuracy ?? 0)) return odometer;
  return { metres: odometer.metres + hop, point: { lat: fix.lat, lng: fix.lng } };
}
