import type { MapGeofence } from '../../map/types';
import { circlePolygon } from '../../map/geometry';

/** Corners to fit the camera to: a polygon's ring, or the edge of a circle. */
export function geofencePoints(g: MapGeofence): [number, number][] {
  if (g.is_irregular && g.geo_json?.type === 'Polygon') {
    return (g.geo_json.coordinates[0] ?? []).map(([lng, lat]) => [lng!, lat!]);
  }
  if (g.lat === null || g.lng === null) return [];
  return circlePolygon(g.lng, g.lat, g.radius ?? 0.1, 8).coordinates[0]!.map(
    ([lng, lat]) => [lng!, lat!] as [number, number],
  );
}
