import type { DrawnShape } from './drawnShape';

/** Corners of a circle handed to terra-draw: its own circles have 64. */
const CIRCLE_STEPS = 64;
const EARTH_RADIUS_KM = 6371.0088;

/** The point `km` from (lat, lng) on `bearing` (radians), on a sphere. */
function destination(lat: number, lng: number, km: number, bearing: number): [number, number] {
  const φ1 = (lat * Math.PI) / 180;
  const λ1 = (lng * Math.PI) / 180;
  const δ = km / EARTH_RADIUS_KM;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(bearing));
  const λ2 =
    λ1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(δ) * Math.cos(φ1),
      Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2),
    );
  return [(λ2 * 180) / Math.PI, (φ2 * 180) / Math.PI];
}

/**
 * A shape as a terra-draw feature its select mode can edit: a polygon's corners, or a circle as
 * terra-draw draws one (a ring with `mode: 'circle'` and its radius), which select mode resizes
 * from its edge.
 */
export function editableFeature(shape: DrawnShape) {
  if (shape.kind === 'polygon') {
    return {
      type: 'Feature' as const,
      geometry: shape.polygon,
      properties: { mode: 'polygon' },
    };
  }
  const ring = Array.from({ length: CIRCLE_STEPS }, (_, i) =>
    destination(shape.lat, shape.lng, shape.radiusKm, (2 * Math.PI * i) / CIRCLE_STEPS),
  );
  ring.push(ring[0]!);
  return {
    type: 'Feature' as const,
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
    properties: { mode: 'circle', radiusKilometers: shape.radiusKm },
  };
}
