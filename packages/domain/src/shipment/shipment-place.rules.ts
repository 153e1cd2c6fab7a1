import { distanceMetres } from '../geo/geo.rules';

/**
 * Where a shipment starts or ends, as the clock tests positions against it: a geofence's
 * circle or polygon, or a circle around a custom address.
 */
export type ShipmentPlace =
  | { kind: 'circle'; lat: number; lng: number; radiusM: number }
  /** Polygons of [lng, lat] rings (GeoJSON order): the first ring outside, the others holes. */
  | { kind: 'polygon'; polygons: [number, number][][][] };

/**
 * A custom address is one point, so a tracker has arrived when it is this close to it. 500 m
 * covers a depot or a warehouse yard around the geocoded point (usually the street front) and
 * the few tens of metres a GPS fix wanders, without counting a truck on a nearby highway.
 */
export const ADDRESS_ARRIVAL_RADIUS_M = 500;

/**
 * Fixes less certain than this (cell positions, kilometres off) do not decide whether a tracker
 * has left or reached a place, nor how fast it moves: one would end a shipment early or start it
 * while the tracker is still at the dock.
 */
export const PLACE_ACCURACY_LIMIT_M = 1000;

/** True when a fix is precise enough to place the tracker (unknown accuracy counts as precise). */
export function isPreciseFix(accuracyM: number | null | undefined): boolean {
  return accuracyM === null || accuracyM === undefined || accuracyM <= PLACE_ACCURACY_LIMIT_M;
}

/** A geofence as a place: radius in kilometres (spec 000 §3), or a Polygon or MultiPolygon. */
export function placeOfGeofence(geofence: {
  lat: number;
  lng: number;
  radius: number;
  is_irregular: boolean;
  geo_json: unknown;
}): ShipmentPlace {
  const polygons = geofence.is_irregular ? polygonsOf(geofence.geo_json) : undefined;
  if (polygons) return { kind: 'polygon', polygons };
  return { kind: 'circle', lat: geofence.lat, lng: geofence.lng, radiusM: geofence.radius * 1000 };
}

/** A custom address as a place: a circle of ADDRESS_ARRIVAL_RADIUS_M around it. */
export function placeOfAddress(address: { lat: number; lng: number }): ShipmentPlace {
  return { kind: 'circle', lat: address.lat, lng: address.lng, radiusM: ADDRESS_ARRIVAL_RADIUS_M };
}

/** Polygon rings of a GeoJSON Polygon, MultiPolygon or a Feature holding one. */
function polygonsOf(geoJson: unknown): [number, number][][][] | undefined {
  const geo = geoJson as { type?: string; geometry?: unknown; coordinates?: unknown } | null;
  const geometry = (geo?.type === 'Feature' ? geo.geometry : geo) as {
    type?: string;
    coordinates?: unknown;
  } | null;
  if (geometry?.type === 'Polygon') return [geometry.coordinates as [number, number][][]];
  if (geometry?.type === 'MultiPolygon') return geometry.coordinates as [number, number][][][];
  return undefined;
}

/** True when the point lies inside the ring (ray casting in the lng/lat plane). */
function insideRing(ring: readonly [number, number][], lat: number, lng: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** True when the point is inside the place (on a polygon's outer ring and outside its holes). */
export function isInsidePlace(place: ShipmentPlace, lat: number, lng: number): boolean {
  if (place.kind === 'circle')
    return distanceMetres(place.lat, place.lng, lat, lng) <= place.radiusM;
  return place.polygons.some(
    ([outer, ...holes]) =>
      outer !== undefined &&
      insideRing(outer, lat, lng) &&
      !holes.some((hole) => insideRing(hole, lat, lng)),
  );
}

/**
 * The point a routing engine is asked to drive to: a circle's centre, or the middle of a
 * polygon's first outer ring (the mean of its corners, which is inside any roughly round yard).
 */
export function placeTarget(place: ShipmentPlace): { lat: number; lng: number } {
  if (place.kind === 'circle') return { lat: place.lat, lng: place.lng };
  const ring = place.polygons[0]?.[0] ?? [];
  // GeoJSON rings repeat their first corner at the end.
  const first = ring[0];
  const last = ring[ring.length - 1];
  const corners =
    ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]
      ? ring.slice(0, -1)
      : ring;
  if (corners.length === 0) return { lat: 0, lng: 0 };
  const sum = corners.reduce(([x, y], [lng, lat]) => [x + lng, y + lat], [0, 0]);
  return { lat: sum[1]! / corners.length, lng: sum[0]! / corners.length };
}

const METRES_PER_DEGREE = 111_320;

/**
 * Metres from the point to the nearest edge of the place, 0 inside it: how far a tracker still
 * has to go. Polygon edges are measured on a flat projection around the point, exact enough at
 * the scale of a geofence.
 */
export function distanceToPlace(place: ShipmentPlace, lat: number, lng: number): number {
  if (place.kind === 'circle') {
    return Math.max(0, distanceMetres(place.lat, place.lng, lat, lng) - place.radiusM);
  }
  if (isInsidePlace(place, lat, lng)) return 0;
  const xScale = METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (const [outer] of place.polygons) {
    if (!outer) continue;
    for (let i = 0; i < outer.length; i++) {
      const [ax, ay] = outer[i]!;
      const [bx, by] = outer[(i + 1) % outer.length]!;
      best = Math.min(
        best,
        segmentDistance(
          [(ax - lng) * xScale, (ay - lat) * METRES_PER_DEGREE],
          [(bx - lng) * xScale, (by - lat) * METRES_PER_DEGREE],
        ),
      );
    }
  }
  return best;
}

/** Distance from the origin to the segment a-b, in the units of the coordinates. */
function segmentDistance([ax, ay]: [number, number], [bx, by]: [number, number]): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}
