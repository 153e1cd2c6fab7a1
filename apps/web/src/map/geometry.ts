import type { Feature, Polygon } from 'geojson';
import type { Fix } from './types';
import { geohash } from './geohash';

const EARTH_RADIUS_KM = 6371.0088;
const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/**
 * A geodesic circle as a polygon. MapLibre circle layers are sized in pixels, but accuracy,
 * stop and geofence circles have a real-world radius, so they are drawn as polygons.
 */
export function circlePolygon(lng: number, lat: number, radiusKm: number, steps = 64): Polygon {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const lat1 = toRad(lat);
  const lng1 = toRad(lng);
  const ring: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const bearing = (2 * Math.PI * i) / steps;
    const lat2 = Math.asin(
      Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
    );
    const lng2 =
      lng1 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
        Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
      );
    ring.push([toDeg(lng2), toDeg(lat2)]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}

/** Accuracy circles are drawn only for fixes without GPS above this many metres (spec 000 §9). */
export const MIN_ACCURACY_METRES = 10;

export interface AccuracyInput {
  lat: number;
  lng: number;
  fix: Fix;
  accuracy: number | null;
}

/**
 * Cell and WiFi fixes with accuracy over 10 m, one per 9-character geohash: a parked tracker
 * reports the same tower hundreds of times and stacked translucent circles turn opaque.
 * The radius is accuracy / 1000 km, as spec 000 §3 says.
 */
export function accuracyCircles(points: readonly AccuracyInput[]): Feature<Polygon>[] {
  const seen = new Set<string>();
  const circles: Feature<Polygon>[] = [];
  for (const p of points) {
    if (p.fix !== 'cell' && p.fix !== 'wifi') continue;
    if (p.accuracy === null || p.accuracy <= MIN_ACCURACY_METRES) continue;
    const key = geohash(p.lat, p.lng, 9);
    if (seen.has(key)) continue;
    seen.add(key);
    circles.push({
      type: 'Feature',
      geometry: circlePolygon(p.lng, p.lat, p.accuracy / 1000),
      properties: { fix: p.fix, accuracy: p.accuracy },
    });
  }
  return circles;
}
