/** Spherical-earth helpers; metres and degrees. Good to a few metres over the distances we drive. */

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance (haversine). */
export function distanceM(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b, degrees 0..360 clockwise from north. */
export function bearingDeg(a: LatLng, b: LatLng): number {
  const y = Math.sin((b.lng - a.lng) * RAD) * Math.cos(b.lat * RAD);
  const x =
    Math.cos(a.lat * RAD) * Math.sin(b.lat * RAD) -
    Math.sin(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.cos((b.lng - a.lng) * RAD);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/** The point `distance` metres from `from` along `bearing`. */
export function destination(from: LatLng, bearing: number, distance: number): LatLng {
  const d = distance / EARTH_RADIUS_M;
  const b = bearing * RAD;
  const lat1 = from.lat * RAD;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 =
    from.lng * RAD +
    Math.atan2(
      Math.sin(b) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lat: lat2 / RAD, lng: ((lng2 / RAD + 540) % 360) - 180 };
}

/** Point at fraction f of the great circle from a to b. */
export function interpolate(a: LatLng, b: LatLng, f: number): LatLng {
  const d = distanceM(a, b);
  return d === 0 ? { ...a } : destination(a, bearingDeg(a, b), d * f);
}

/** A box around the contiguous United States (lower 48), used to keep curved routes on land-ish. */
export const CONTIGUOUS_US = { south: 24.5, north: 49.0, west: -124.7, east: -66.95 } as const;

export function clampToUs(p: LatLng): LatLng {
  return {
    lat: Math.min(CONTIGUOUS_US.north, Math.max(CONTIGUOUS_US.south, p.lat)),
    lng: Math.min(CONTIGUOUS_US.east, Math.max(CONTIGUOUS_US.west, p.lng)),
  };
}

export function insideUs(p: LatLng): boolean {
  return (
    p.lat >= CONTIGUOUS_US.south &&
    p.lat <= CONTIGUOUS_US.north &&
    p.lng >= CONTIGUOUS_US.west &&
    p.lng <= CONTIGUOUS_US.east
  );
}
