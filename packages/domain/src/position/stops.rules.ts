import { distanceMetres } from '../geo/geo.rules';

export interface TrackPoint {
  lat: number;
  lng: number;
  time: Date;
}

export interface Stop {
  start_time: Date;
  end_time: Date;
  /** [lng, lat] of the stop's centre (mean of its points). */
  location: [number, number];
  lat: number;
  lng: number;
  /** Radius drawn on the map, in kilometres (spec: stops drawn at radius 0.1). */
  radius: number;
  points: number;
}

export interface StopSettings {
  /** A stay shorter than this is not a stop. */
  minDurationMs: number;
  /** Points within this many metres of the stay's first point belong to the stay. */
  radiusMetres: number;
}

export const DEFAULT_STOP_SETTINGS: StopSettings = { minDurationMs: 5 * 60_000, radiusMetres: 100 };
export const STOP_DRAW_RADIUS_KM = 0.1;

/**
 * Stay-point detection: the one stop algorithm that the stops call, reports and dwell use.
 * Points must be in time order. A stop starts at a point and lasts while later points stay
 * within `radiusMetres` of it; it counts when it lasted at least `minDurationMs`. A stay that
 * runs to the last point counts too, so a parked tracker shows its ongoing stop.
 */
export function detectStops(
  points: readonly TrackPoint[],
  settings: StopSettings = DEFAULT_STOP_SETTINGS,
): Stop[] {
  const stops: Stop[] = [];
  let i = 0;
  while (i < points.length) {
    const anchor = points[i]!;
    let j = i + 1;
    while (
      j < points.length &&
      distanceMetres(anchor.lat, anchor.lng, points[j]!.lat, points[j]!.lng) <=
        settings.radiusMetres
    ) {
      j++;
    }
    const last = points[j - 1]!;
    if (last.time.getTime() - anchor.time.getTime() >= settings.minDurationMs) {
      stops.push(toStop(points.slice(i, j)));
      i = j;
    } else {
      i++;
    }
  }
  return stops;
}

function toStop(stay: readonly TrackPoint[]): Stop {
  const lat = stay.reduce((sum, p) => sum + p.lat, 0) / stay.length;
  const lng = stay.reduce((sum, p) => sum + p.lng, 0) / stay.length;
  return {
    start_time: stay[0]!.time,
    end_time: stay[stay.length - 1]!.time,
    location: [lng, lat],
    lat,
    lng,
    radius: STOP_DRAW_RADIUS_KM,
    points: stay.length,
  };
}
