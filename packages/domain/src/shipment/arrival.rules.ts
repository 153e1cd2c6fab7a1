import { distanceMetres } from '../geo/geo.rules';

/** A precise fix of the tracker, as the arrival prediction keeps it (time in epoch ms). */
export interface SpeedFix {
  time: number;
  lat: number;
  lng: number;
  /** Metres; null or absent when the tracker gives none (taken as exact). */
  accuracy?: number | null;
}

/**
 * Only fixes this certain (GPS grade; unknown counts) measure speed. A parked tracker under a
 * roof reports Wi-Fi and cell fixes tens to hundreds of metres off, whose jumps from one to the
 * next looked like driving at walking pace and dragged the speed of the next prediction down
 * (bench:shipments, the demo's trips).
 */
export const SPEED_ACCURACY_LIMIT_M = 100;

/** True when a fix of this accuracy may measure speed. */
export function isSpeedFix(accuracyM: number | null | undefined): boolean {
  return accuracyM === null || accuracyM === undefined || accuracyM <= SPEED_ACCURACY_LIMIT_M;
}

/**
 * Roads are longer than the great circle: the detour index of road networks in the US is
 * about 1.2 (road distance over straight-line distance between the same two points, measured
 * over many city pairs). It stands for the distance still to go until the trip shows its own
 * (see `roadFactor`).
 */
export const ROAD_FACTOR = 1.2;

/**
 * Once the tracker is this far (straight line) from where the clock started following it,
 * its own detour so far is the road factor: the path it drove over the straight line it
 * covered. Highways between cities are straighter than the average, town streets less so.
 */
export const OWN_DETOUR_AFTER_M = 10_000;
/** The tracker's own detour is kept within these bounds (a loop or a GPS glitch is not a road). */
export const ROAD_FACTOR_MIN = 1;
export const ROAD_FACTOR_MAX = 1.6;

/**
 * The speed that predicts the arrival is the tracker's over the last 15 minutes: long enough
 * to smooth traffic lights, short enough that a truck leaving town for the highway is
 * predicted at highway speed within a quarter of an hour.
 */
export const SPEED_WINDOW_MS = 15 * 60_000;

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

/**
 * True when the step between two fixes was driven (not drift, not a jump): faster than
 * MOVING_SPEED_MPS, slower than MAX_PLAUSIBLE_SPEED_MPS, and longer than the two fixes'
 * uncertainties together (two fixes of a parked tracker differ by about that much).
 */
export function isMovingStep(a: SpeedFix, b: SpeedFix): boolean {
  return movedMetres(a, b) !== null;
}

/** The metres driven between two fixes, or null when the step was not driven (isMovingStep). */
function movedMetres(a: SpeedFix, b: SpeedFix): number | null {
  const dt = b.time - a.time;
  if (dt <= 0) return null;
  const metres = distanceMetres(a.lat, a.lng, b.lat, b.lng);
  const speed = metres / (dt / 1000);
  return speed >= MOVING_SPEED_MPS &&
    speed <= MAX_PLAUSIBLE_SPEED_MPS &&
    metres > (a.accuracy ?? 0) + (b.accuracy ?? 0)
    ? metres
    : null;
}

/**
 * A fix of the track with the step that led to it from the fix before it in the track: the
 * metres and milliseconds driven (both 0 when the step was not driven, see isMovingStep, and
 * for the track's first fix).
 */
export interface TrackFix extends SpeedFix {
  movedM: number;
  movedMs: number;
}

/**
 * The tracker's precise fixes of the last SPEED_WINDOW_MS, oldest first, with the sums of the
 * driven steps between them. Each step is measured once, when its fix joins, and the sums
 * move with the window, so a fix costs the same whatever the track's length: the clock runs
 * for every position, and reading every fix of ten thousand tracks again at each one was most
 * of its cost (bench:shipments).
 */
export interface Track {
  /**
   * The fixes are `buffer[start..end)`. Versions of a track share one buffer that is only ever
   * appended to, so a fix costs no copy of the window: a version extended again after another
   * one was (a branch) gets a buffer of its own (see extendTrack).
   */
  readonly buffer: readonly TrackFix[];
  readonly start: number;
  readonly end: number;
  /** Metres and milliseconds of the driven steps between the fixes (not into the first). */
  readonly movedM: number;
  readonly movedMs: number;
}

export const EMPTY_TRACK: Track = Object.freeze({
  buffer: Object.freeze([]),
  start: 0,
  end: 0,
  movedM: 0,
  movedMs: 0,
});

/** The track's fixes, oldest first. */
export function trackFixes(track: Track): TrackFix[] {
  return track.buffer.slice(track.start, track.end);
}

/** The newest fix of the track, if any. */
export function lastTrackFix(track: Track): TrackFix | undefined {
  return track.end > track.start ? track.buffer[track.end - 1] : undefined;
}

/** A buffer drops the fixes before its window once they are this many and most of it. */
const COMPACT_AFTER = 64;

/**
 * The track with `point` added (when newer than the last) and fixes older than the window
 * gone: a new track, the given one untouched (clocks share tracks between versions).
 */
export function extendTrack(track: Track, point: SpeedFix): Track {
  const last = lastTrackFix(track);
  const adds = !last || point.time > last.time;
  const newest = adds ? point.time : last.time;
  const { buffer } = track;
  let { start, end, movedM, movedMs } = track;
  while (start < end && buffer[start]!.time < newest - SPEED_WINDOW_MS) {
    start++;
    // The step into the new first fix came from one that left the window.
    if (start < end) {
      movedM -= buffer[start]!.movedM;
      movedMs -= buffer[start]!.movedMs;
    }
  }
  if (start === end) movedM = movedMs = 0;
  if (!adds) return start === track.start ? track : { buffer, start, end, movedM, movedMs };
  const moved = last && start < end ? movedMetres(last, point) : null;
  // One shape for every fix of every track, so reading them stays fast.
  const fix: TrackFix = {
    time: point.time,
    lat: point.lat,
    lng: point.lng,
    accuracy: point.accuracy ?? null,
    movedM: moved ?? 0,
    movedMs: moved === null ? 0 : point.time - last!.time,
  };
  let appendTo = buffer as TrackFix[];
  // Empty (EMPTY_TRACK's buffer is shared by all), another version appended here already, or
  // the buffer is mostly fixes that left: a buffer of its own.
  if (start === end || end !== buffer.length || (start > COMPACT_AFTER && start * 2 > end)) {
    appendTo = buffer.slice(start, end);
    end -= start;
    start = 0;
  }
  appendTo.push(fix);
  return {
    buffer: appendTo,
    start,
    end: end + 1,
    movedM: movedM + fix.movedM,
    movedMs: movedMs + fix.movedMs,
  };
}

/**
 * The tracker's moving speed over the track in metres per second: distance over time of the
 * steps between its fixes where it moved, or null with less than MIN_MOVING_MS of moving.
 */
export function movingSpeed(track: Track): number | null {
  return track.movedMs >= MIN_MOVING_MS ? track.movedM / (track.movedMs / 1000) : null;
}

/**
 * The road factor for the distance still to go: the tracker's own detour since `origin` (the
 * metres it drove there over the straight line from there) once it is OWN_DETOUR_AFTER_M away,
 * within ROAD_FACTOR_MIN..MAX; ROAD_FACTOR before.
 */
export function roadFactor(
  origin: { lat: number; lng: number } | null,
  drivenM: number,
  at: { lat: number; lng: number },
): number {
  if (!origin) return ROAD_FACTOR;
  const straight = distanceMetres(origin.lat, origin.lng, at.lat, at.lng);
  if (straight < OWN_DETOUR_AFTER_M) return ROAD_FACTOR;
  return Math.min(ROAD_FACTOR_MAX, Math.max(ROAD_FACTOR_MIN, drivenM / straight));
}

/**
 * What a routing engine measured from a point on the way to the end place's target point
 * (`placeTarget`): metres along roads and, when it says, seconds of driving.
 */
export interface RoadDistance {
  from: { lat: number; lng: number };
  to: { lat: number; lng: number };
  distanceM: number;
  durationS: number | null;
}

/**
 * Closer than this (straight line) to the place's target, a routed distance says more about
 * the last streets than about the trip: the trip's own road factor stands instead.
 */
export const ROUTED_MIN_STRAIGHT_M = 1000;
/** A route more than this longer than the straight line is a detour around water or a border. */
export const ROUTED_FACTOR_MAX = 3;

/**
 * The road factor of a routed distance: road metres over great-circle metres between the same
 * two points, within ROAD_FACTOR_MIN..ROUTED_FACTOR_MAX; null when measured too close to the
 * place to say (ROUTED_MIN_STRAIGHT_M). Applied to the distance still to go from a later fix,
 * one answer of the engine serves the next kilometres of the trip.
 */
export function routedFactor(road: RoadDistance): number | null {
  const straight = distanceMetres(road.from.lat, road.from.lng, road.to.lat, road.to.lng);
  if (straight < ROUTED_MIN_STRAIGHT_M || !(road.distanceM > 0)) return null;
  return Math.min(ROUTED_FACTOR_MAX, Math.max(ROAD_FACTOR_MIN, road.distanceM / straight));
}

/**
 * The routing engine's own speed for the route (metres over seconds), for a tracker that has
 * not moved long enough to have a speed of its own; null when it gave no duration.
 */
export function routedSpeed(road: RoadDistance): number | null {
  return road.durationS && road.durationS > 0 && road.distanceM > 0
    ? road.distanceM / road.durationS
    : null;
}

/**
 * The last kilometres into a place are town streets, driven slower than the highway the speed
 * window measured: the last APPROACH_M of road are predicted at no more than APPROACH_MPS
 * (45 km/h, town traffic with its lights and turns). Without it, predictions made on the
 * highway within half an hour of the arrival came out a third to a half too early on the
 * demo's trips (bench:shipments).
 */
export const APPROACH_M = 10_000;
export const APPROACH_MPS = 45 / 3.6;

/**
 * When the tracker reaches its destination, in epoch ms: from the fix's time, the remaining
 * great-circle distance times the road factor, at the moving speed, the last APPROACH_M of it
 * at no more than APPROACH_MPS.
 */
export function predictedArrival(
  at: number,
  remainingM: number,
  speedMps: number,
  factor = ROAD_FACTOR,
): number {
  const roadM = remainingM * factor;
  const approachM = Math.min(roadM, APPROACH_M);
  const seconds = (roadM - approachM) / speedMps + approachM / Math.min(speedMps, APPROACH_MPS);
  return Math.round(at + seconds * 1000);
}
