import type { PolygonGeometry } from '@waymark/domain';

const EARTH_RADIUS_KM = 6371;
/** Corners of the circle drawn around a place: smooth enough on a map, few enough to edit. */
const CORNERS = 32;

/** A circle of `radiusKm` around a point as a closed GeoJSON polygon ([lng, lat] positions). */
export function circlePolygon(
  centre: { lat: number; lng: number },
  radiusKm: number,
): PolygonGeometry {
  const ring: [number, number][] = [];
  const latRad = (centre.lat * Math.PI) / 180;
  for (let i = 0; i <= CORNERS; i++) {
    const angle = ((i % CORNERS) / CORNERS) * 2 * Math.PI;
    const dLat = ((radiusKm / EARTH_RADIUS_KM) * Math.cos(angle) * 180) / Math.PI;
    const dLng =
      ((radiusKm / EARTH_RADIUS_KM) * Math.sin(angle) * 180) /
      Math.PI /
      Math.max(Math.cos(latRad), 0.01);
    ring.push([round(centre.lng + dLng), round(centre.lat + dLat)]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** [[west, south], [east, north]] around the points, as MapLibre's fitBounds takes them. */
export function boundsOf(
  points: { lat: number; lng: number }[],
): [[number, number], [number, number]] | undefined {
  if (points.length === 0) return undefined;
  let west = Infinity,
    south = Infinity,
    east = -Infinity,
    north = -Infinity;
  for (const p of points) {
    west = Math.min(west, p.lng);
    east = Math.max(east, p.lng);
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}
