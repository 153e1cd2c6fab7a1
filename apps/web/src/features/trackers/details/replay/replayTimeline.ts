import type { ApiPosition } from '@waymark/domain';

/** The positions of a range as columns: times in ms, searched by bisection at every frame. */
export interface Timeline {
  times: Float64Array;
  positions: readonly ApiPosition[];
}

/** Where the tracker was at a moment of the replay, between the two fixes around it. */
export interface ReplayPoint {
  time: number;
  lng: number;
  lat: number;
  /** Degrees clockwise from north: the fix's course, else the bearing to the next fix. */
  heading: number;
  /** m/s, of the fix at or before the moment. */
  speed: number | null;
  address: string | null;
}

export function timelineOf(positions: readonly ApiPosition[]): Timeline {
  const times = new Float64Array(positions.length);
  positions.forEach((p, i) => (times[i] = Date.parse(p.timestamp)));
  return { times, positions };
}

/** Index of the last fix at or before `time` (-1 before the first). */
export function indexAt(times: Float64Array, time: number): number {
  let lo = 0;
  let hi = times.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Initial great-circle bearing from a to b, degrees clockwise from north. */
function bearing(a: ApiPosition, b: ApiPosition): number {
  const dLng = toRad(b.lng - a.lng);
  const y = Math.sin(dLng) * Math.cos(toRad(b.lat));
  const x =
    Math.cos(toRad(a.lat)) * Math.sin(toRad(b.lat)) -
    Math.sin(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.cos(dLng);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/**
 * The replay's point at `time`: on the straight line between the fixes before and after it,
 * in proportion to the time, so the marker glides instead of jumping from fix to fix.
 */
export function pointAt(timeline: Timeline, time: number): ReplayPoint | null {
  const { times, positions } = timeline;
  if (positions.length === 0) return null;
  const i = Math.max(0, indexAt(times, time));
  const a = positions[i]!;
  const b = positions[i + 1];
  const t0 = times[i]!;
  const share = b && time > t0 ? Math.min(1, (time - t0) / (times[i + 1]! - t0)) : 0;
  const moved = b !== undefined && (a.lat !== b.lat || a.lng !== b.lng);
  return {
    time: Math.max(time, t0),
    lng: b ? a.lng + (b.lng - a.lng) * share : a.lng,
    lat: b ? a.lat + (b.lat - a.lat) * share : a.lat,
    heading: a.course ?? (moved ? bearing(a, b) : 0),
    speed: a.speed,
    address: a.address,
  };
}
