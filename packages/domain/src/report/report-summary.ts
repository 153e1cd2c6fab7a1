import { distanceMetres, MPS_TO_MPH } from '../geo/geo.rules';
import {
  DEFAULT_STOP_SETTINGS,
  detectStops,
  type Stop,
  type TrackPoint,
} from '../position/stops.rules';
import type { ReportSummary } from './report.schema';

/**
 * How a report's figures are worked out, so that a range's figures are the sum of its parts
 * cut at UTC midnights (a 30-day report equals its 30 daily reports):
 *
 * - A report covers the positions with start ≤ time < end.
 * - Stops: the range is cut at every UTC midnight and `detectStops` (the one algorithm the
 *   tracker details use) runs on each piece alone. A stay across midnight is therefore a stop on
 *   each side where it lasts the minimum duration; each stop lies inside one day.
 * - A segment joins two consecutive positions and belongs to the piece holding its later
 *   point; the first position's segment starts at the last position before the range (when the
 *   caller passes it), so a segment across a boundary is counted once, on its later side.
 * - distance: every segment, moving or stopped. stopped time: the stops' durations. moving
 *   time: the segments outside a stop whose average speed reaches MOVING_MIN_MPS (a long gap
 *   with the tracker still is neither moving nor stopped).
 * - max speed: the highest reported speed among the range's positions, or of a moving
 *   segment (its distance over its time) where that is higher; average speed: the moving
 *   segments' distance over moving time, 0 without moving time. So the average never tops the
 *   maximum, whatever the trackers report as speed.
 */

/** A position as the figures need it: where, when, and the reported speed in m/s. */
export interface ReportPoint extends TrackPoint {
  speed: number | null;
}

/** A segment slower than this (m/s, about 1.1 mph) outside a stop is not moving time. */
export const MOVING_MIN_MPS = 0.5;
const METRES_PER_MILE = 1609.344;
const DAY_MS = 86_400_000;

/**
 * Stops of a report's positions (time order): `detectStops` on each UTC day of the range
 * separately, so no stop crosses midnight.
 */
export function reportStops(
  points: readonly TrackPoint[],
  settings = DEFAULT_STOP_SETTINGS,
): Stop[] {
  const stops: Stop[] = [];
  let from = 0;
  while (from < points.length) {
    const dayEnd = (Math.floor(points[from]!.time.getTime() / DAY_MS) + 1) * DAY_MS;
    let to = from;
    while (to < points.length && points[to]!.time.getTime() < dayEnd) to++;
    stops.push(...detectStops(points.slice(from, to), settings));
    from = to;
  }
  return stops;
}

/**
 * The summary figures of a report (see the rule above) from the positions of its range in time
 * order, its stops (`reportStops` of the same positions) and the last position before the
 * range, when there is one.
 */
export function reportSummary(
  points: readonly ReportPoint[],
  stops: readonly Stop[],
  before: TrackPoint | null = null,
): ReportSummary {
  let metres = 0;
  let movingMetres = 0;
  let movingMs = 0;
  let maxMps = 0;
  let stop = 0;
  let previous = before;
  for (const point of points) {
    const t = point.time.getTime();
    if (point.speed !== null && point.speed > maxMps) maxMps = point.speed;
    while (stop < stops.length && stops[stop]!.end_time.getTime() < t) stop++;
    if (previous) {
      const d = distanceMetres(previous.lat, previous.lng, point.lat, point.lng);
      const ms = t - previous.time.getTime();
      metres += d;
      const current = stops[stop];
      const inStop =
        current !== undefined &&
        current.start_time.getTime() <= previous.time.getTime() &&
        t <= current.end_time.getTime();
      const mps = ms > 0 ? d / (ms / 1000) : 0;
      if (!inStop && mps >= MOVING_MIN_MPS) {
        movingMs += ms;
        movingMetres += d;
        if (mps > maxMps) maxMps = mps;
      }
    }
    previous = point;
  }
  const stoppedMs = stops.reduce(
    (sum, s) => sum + s.end_time.getTime() - s.start_time.getTime(),
    0,
  );
  const movingHours = movingMs / 3_600_000;
  return {
    distance_miles: metres / METRES_PER_MILE,
    moving_seconds: movingMs / 1000,
    stopped_seconds: stoppedMs / 1000,
    stops: stops.length,
    max_mph: maxMps * MPS_TO_MPH,
    avg_mph: movingHours > 0 ? movingMetres / METRES_PER_MILE / movingHours : 0,
  };
}
