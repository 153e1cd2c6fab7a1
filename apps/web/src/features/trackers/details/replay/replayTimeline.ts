import type { HistoryColumns } from '@waymark/domain';

/**
 * The range's history as the server's columns (`format=columns`): times in ms, searched by
 * bisection at every frame, and the values of fix i at index i of the other columns.
 */
export type Timeline = HistoryColumns;

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

/** Index of the last fix at or before `time` (-1 before the first). */
export function indexAt(times: ArrayLike<number>, time: number): number {
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

type Place = { lat: number; lng: number };

/** Initial great-circle bearing from a to b, degrees clockwise from north. */
function bearing(a: Place, b: Place): number {
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
  const { times, lat, lng } = timeline;
  if (times.length === 0) return null;
  const i = Math.max(0, indexAt(times, time));
  const a = { lat: lat[i]!, lng: lng[i]! };
  const next = i + 1 < times.length;
  const b = next ? { lat: lat[i + 1]!, lng: lng[i + 1]! } : a;
  const t0 = times[i]!;
  const share = next && time > t0 ? Math.min(1, (time - t0) / (times[i + 1]! - t0)) : 0;
  const moved = a.lat !== b.lat || a.lng !== b.lng;
  return {
    time: Math.max(time, t0),
    lng: a.lng + (b.lng - a.lng) * share,
    lat: a.lat + (b.lat - a.lat) * share,
    heading: timeline.course[i] ?? (moved ? bearing(a, b) : 0),
    speed: timeline.speed[i] ?? null,
    address: timeline.address[i] ?? null,
  };
}
