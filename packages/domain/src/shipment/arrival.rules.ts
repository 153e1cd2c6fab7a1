import { distanceMetres } from '../geo/geo.rules';

/** A precise fix of the tracker, as the arrival prediction keeps it (time in epoch ms). */
export interface SpeedFix {
  time: number;
  lat: number;
  lng: number;
}

/**
 * Roads are longer than the great circle: the detour index of road networks in the US is
 * about 1.2 (road distance over straight-line distance between the same two points, measured
 * over many city pairs). Used only on the distance still to go; the travelled track is
 * measured fix to fix, which already follows the road.
 */
export const ROAD_FACTOR = 1.2;

/**
 * The speed that predicts the arrival is the tracker's over the last 30 minutes: long enough
 * to smooth traffic lights and a fuel stop, short enough to follow a change from town to
 * highway within the half hour.
 */
export const SPEED_WINDOW_MS = 30 * 60_000;

/** Between two fixes faster than this the tracker moved; slower, it stood (GPS drift). */
export const MOVING_SPEED_MPS = 1;

/** Faster than this (about 250 km/h) between two fixes is a jump of the fix, not a drive. */
export const MAX_PLAUSIBLE_SPEED_MPS = 70;

/**
 * A speed is measured only from at least 5 minutes of moving in the window; with less (just
 * set off, or parked) the last measured speed stands, so a parked truck's predicted arrival
 * slides later with every fix instead of vanishing.
 */
export const MIN_MOVING_MS = 5 * 60_000;

/** The track with `point` added (when newer than the last) and fixes older than the window gone. */
export function extendTrack(track: readonly SpeedFix[], point: SpeedFix): SpeedFix[] {
  const last = track[track.length - 1];
  const kept = last && point.time <= last.time ? [...track] : [...track, point];
  const newest = kept[kept.length - 1]!.time;
  return kept.filter((p) => p.time >= newest - SPEED_WINDOW_MS);
}

/**
 * The tracker's moving speed over the track in metres per second: distance over time of the
 * steps between fixes where it moved, or null with less than MIN_MOVING_MS of moving.
 */
export function movingSpeed(track: readonly SpeedFix[]): number | null {
  let metres = 0;
  let ms = 0;
  for (let i = 1; i < track.length; i++) {
    const a = track[i - 1]!;
    const b = track[i]!;
    const dt = b.time - a.time;
    if (dt <= 0) continue;
    const d = distanceMetres(a.lat, a.lng, b.lat, b.lng);
    const speed = d / (dt / 1000);
    if (speed < MOVING_SPEED_MPS || speed > MAX_PLAUSIBLE_SPEED_MPS) continue;
    metres += d;
    ms += dt;
  }
  return ms >= MIN_MOVING_MS ? metres / (ms / 1000) : null;
}

/**
 * When the tracker reaches its destination, in epoch ms: from the fix's time, the remaining
 * great-circle distance times the road factor at the moving speed.
 */
export function predictedArrival(at: number, remainingM: number, speedMps: number): number {
  return Math.round(at + ((remainingM * ROAD_FACTOR) / speedMps) * 1000);
}
