import type { PolygonGeometry } from './geofence.schema';

/**
 * The point a polygon geofence is listed at (its lat and lng): the mean of the outer ring's
 * corners, the closing corner counted once. Lists drop geofences without a point (spec 000 §3).
 */
export function polygonCentre(geometry: PolygonGeometry): { lat: number; lng: number } {
  const ring = geometry.coordinates[0] ?? [];
  const first = ring[0];
  const last = ring[ring.length - 1];
  const closed = ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1];
  const corners = closed ? ring.slice(0, -1) : ring;
  let lng = 0;
  let lat = 0;
  for (const [x, y] of corners) {
    lng += x;
    lat += y;
  }
  return { lat: lat / corners.length, lng: lng / corners.length };
}

/** The polygon with every ring closed (first position repeated last), as GeoJSON requires. */
export function closeRings(geometry: PolygonGeometry): PolygonGeometry {
  return {
    type: 'Polygon',
    coordinates: geometry.coordinates.map((ring) => {
      const first = ring[0]!;
      const last = ring[ring.length - 1]!;
      return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
    }),
  };
}
