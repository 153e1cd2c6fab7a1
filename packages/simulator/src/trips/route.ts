import type { City } from './cities';
import { US_CITIES } from './cities';
import { bearingDeg, clampToUs, destination, distanceM, interpolate } from './geo';
import type { LatLng } from './geo';
import type { Random } from './random';

/** A drivable polyline with cumulative distances, so position-at-distance is a lookup. */
export interface Route {
  points: LatLng[];
  /** Metres from the start to each point. */
  cumulative: number[];
  totalM: number;
  destination: City;
}

/** Vertices every ~15 km: enough to look like a road at fleet zoom, cheap to walk. */
const VERTEX_SPACING_M = 15_000;

/**
 * A great circle bent into a gentle arc plus two small wiggles: roads are not straight, and a
 * fleet drawn as ruler lines looks fake. Offsets stay under ~8 % of the trip so the path keeps
 * heading somewhere sensible.
 */
export function buildRoute(from: LatLng, to: City, target: LatLng, rng: Random): Route {
  const total = distanceM(from, target);
  const segments = Math.max(2, Math.ceil(total / VERTEX_SPACING_M));
  const bulge = rng.range(-0.06, 0.06) * total;
  const wiggles = [1, 2].map(() => ({
    amplitude: rng.range(-0.012, 0.012) * total,
    frequency: rng.int(2, 5),
    phase: rng.range(0, Math.PI),
  }));
  const course = bearingDeg(from, target);
  const points: LatLng[] = [from];
  for (let i = 1; i < segments; i++) {
    const f = i / segments;
    const base = interpolate(from, target, f);
    let offset = bulge * Math.sin(Math.PI * f);
    // Multiplying by sin(πf) pins every wiggle to zero at both ends.
    for (const w of wiggles) {
      offset += w.amplitude * Math.sin(Math.PI * f) * Math.sin(w.frequency * Math.PI * f + w.phase);
    }
    points.push(clampToUs(destination(base, course + 90, offset)));
  }
  points.push(target);
  const cumulative = [0];
  for (let i = 1; i < points.length; i++) {
    cumulative.push(cumulative[i - 1]! + distanceM(points[i - 1]!, points[i]!));
  }
  return { points, cumulative, totalM: cumulative[cumulative.length - 1]!, destination: to };
}

/** Position and heading `along` metres into the route; `hint` is the segment to start from. */
export function pointAlong(
  route: Route,
  along: number,
  hint = 0,
): { point: LatLng; course: number; segment: number } {
  const { points, cumulative } = route;
  let i = Math.min(hint, points.length - 2);
  while (i < points.length - 2 && cumulative[i + 1]! < along) i++;
  while (i > 0 && cumulative[i]! > along) i--;
  const a = points[i]!;
  const b = points[i + 1]!;
  const length = cumulative[i + 1]! - cumulative[i]!;
  const f = length > 0 ? Math.min(1, Math.max(0, (along - cumulative[i]!) / length)) : 1;
  return {
    point: { lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f },
    course: bearingDeg(a, b),
    segment: i,
  };
}

/**
 * Next destination: a city a day's drive away or less (150–900 km), the way regional fleets
 * work; the nearest others when a city has no such neighbour.
 */
export function pickDestination(from: LatLng, rng: Random, exclude?: City): City {
  const candidates = US_CITIES.filter((c) => c !== exclude).map((city) => ({
    city,
    km: distanceM(from, city) / 1000,
  }));
  const regional = candidates.filter((c) => c.km >= 150 && c.km <= 900);
  if (regional.length > 0) return rng.pick(regional).city;
  candidates.sort((a, b) => a.km - b.km);
  return rng.pick(candidates.slice(0, 3)).city;
}

/** A spot within `radiusM` of the city centre: depots, docks and customers are not all at city hall. */
export function spotNear(city: LatLng, radiusM: number, rng: Random): LatLng {
  return clampToUs(destination(city, rng.range(0, 360), radiusM * Math.sqrt(rng.next())));
}
