import type { TrailColumns, TrailPoint } from './types';

/** The columns of a list of trail points (the screens whose short trails come as objects). */
export function trailColumnsOf(points: readonly TrailPoint[]): TrailColumns {
  return {
    times: points.map((p) => Date.parse(p.timestamp)),
    lat: points.map((p) => p.lat),
    lng: points.map((p) => p.lng),
    speed: points.map((p) => p.speed),
    fix: points.map((p) => p.fix),
    address: points.map((p) => p.address),
  };
}
