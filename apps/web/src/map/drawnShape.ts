import { distanceMetres } from '@waymark/domain';

export type DrawTool = 'circle' | 'polygon';

/** A shape drawn on the map: a circle (centre, radius in km) or a polygon. */
export type DrawnShape =
  | { kind: 'circle'; lat: number; lng: number; radiusKm: number }
  | { kind: 'polygon'; polygon: GeoJSON.Polygon };

/**
 * Reads a finished terra-draw feature. Circles come as 64-corner polygons: the centre is the
 * middle of their bounds and the radius the distance to the eastern edge (terra-draw's own
 * radiusKilometers property wins when present).
 */
export function shapeOfFeature(feature: {
  geometry: GeoJSON.Geometry;
  properties?: Record<string, unknown> | null;
}): DrawnShape | null {
  if (feature.geometry.type !== 'Polygon') return null;
  const polygon = feature.geometry;
  const mode = feature.properties?.mode;
  if (mode !== 'circle') return { kind: 'polygon', polygon };
  const ring = polygon.coordinates[0] ?? [];
  if (ring.length === 0) return null;
  const lngs = ring.map((p) => p[0]!);
  const lats = ring.map((p) => p[1]!);
  const lng = (Math.min(...lngs) + Math.max(...lngs)) / 2;
  const lat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const stated = feature.properties?.radiusKilometers;
  const radiusKm =
    typeof stated === 'number' && stated > 0
      ? stated
      : distanceMetres(lat, lng, lat, Math.max(...lngs)) / 1000;
  return { kind: 'circle', lat, lng, radiusKm };
}
