import type { RawPosition } from '@waymark/domain';

/**
 * What no real fix can be, whatever the protocol. Decoders reject such a fix (a record, or the
 * frame) instead of handing it on, and the property-based fuzz tests hold every decoder to it.
 */

/** Faster than any vehicle we track (an airliner cruises at about 900 km/h). */
export const MAX_SPEED_KMH = 1500;
/** Tracker clocks that were never set start in 1970 or at their firmware's epoch. */
const EARLIEST_REAL_TIME = Date.UTC(2000, 0, 1);
const LATEST_REAL_TIME = Date.UTC(2100, 0, 1);

const KMH_PER_UNIT = { kmh: 1, knots: 1.852, mps: 3.6 } as const;

/** A timestamp (ms since 1970) that is a calendar date a tracker can have reported. */
export function isRealTime(ms: number): boolean {
  return Number.isFinite(ms) && ms >= EARLIEST_REAL_TIME && ms < LATEST_REAL_TIME;
}

/** Why a decoded fix is impossible, or undefined when it is not. */
export function impossibility(p: RawPosition): string | undefined {
  if (!Number.isFinite(p.lat) || p.lat < -90 || p.lat > 90) {
    return `latitude ${p.lat} must be between -90 and 90`;
  }
  if (!Number.isFinite(p.lng) || p.lng < -180 || p.lng > 180) {
    return `longitude ${p.lng} must be between -180 and 180`;
  }
  if (!(p.deviceTime instanceof Date) || !isRealTime(p.deviceTime.getTime())) {
    return `time ${String(p.deviceTime)} is not a real date (2000 to 2100)`;
  }
  if (p.speed !== undefined) {
    const kmh = p.speed * KMH_PER_UNIT[p.speedUnit ?? 'mps'];
    if (!Number.isFinite(kmh) || kmh < 0 || kmh > MAX_SPEED_KMH) {
      return `speed ${p.speed} ${p.speedUnit ?? 'mps'} must be 0 to ${MAX_SPEED_KMH} km/h`;
    }
  }
  for (const key of NUMERIC_FIELDS) {
    const value = p[key];
    if (value !== undefined && !Number.isFinite(value)) return `${key} ${value} is not a number`;
  }
  return undefined;
}

const NUMERIC_FIELDS = [
  'course',
  'altitude',
  'accuracy',
  'satellites',
  'battery',
  'batteryVoltage',
  'gsmSignal',
  'temperature',
  'humidity',
] as const;
