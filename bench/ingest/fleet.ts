import { allocateProtocols, serialFor, type Protocol } from '../../packages/simulator/src/fleet';

/**
 * The benchmark's world, deterministic from a seed so two runs load the same work: geofences
 * spread over the continental USA and trackers driving straight lines, a quarter of them
 * through a geofence so the enter/exit path (visits, events) is exercised, not just stored.
 */

/** Bench serials start with 99 so they never meet a demo or simulator fleet. */
const SERIAL_PREFIX = '99';
/** Continental USA, roughly. */
const LAT = [25, 49] as const;
const LNG = [-124, -67] as const;
const KM_PER_DEG = 111.32;
/** Seconds between two fixes of one tracker (device time, not wall-clock). */
export const FIX_INTERVAL_S = 5;

export interface BenchGeofence {
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
  /** GeoJSON Polygon for the irregular ones, else null (a circle). */
  polygon: { type: 'Polygon'; coordinates: number[][][] } | null;
}

/** Where a tracker starts and how it drives; its k-th fix follows from these alone. */
export interface BenchTrack {
  lat: number;
  lng: number;
  headingRad: number;
  speedKmh: number;
}

export interface BenchDeviceSpec {
  serial: string;
  protocol: Protocol;
  track: BenchTrack;
}

export interface BenchFix {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
}

/** mulberry32: small, fast and good enough to spread points. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rand: () => number, [lo, hi]: readonly [number, number]) =>
  lo + rand() * (hi - lo);

function offset(lat: number, lng: number, km: number, headingRad: number) {
  return {
    lat: lat + (km * Math.cos(headingRad)) / KM_PER_DEG,
    lng: lng + (km * Math.sin(headingRad)) / (KM_PER_DEG * Math.cos((lat * Math.PI) / 180)),
  };
}

/** 85 % circles of 0.3–3 km, 15 % irregular polygons of 6–10 vertices. */
export function buildGeofences(count: number, seed = 1): BenchGeofence[] {
  const rand = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const lat = between(rand, LAT);
    const lng = between(rand, LNG);
    const radiusKm = 0.3 + rand() * 2.7;
    if (rand() >= 0.15) return { name: `Bench site ${i + 1}`, lat, lng, radiusKm, polygon: null };
    const vertices = 6 + Math.floor(rand() * 5);
    const ring = Array.from({ length: vertices }, (_, v) => {
      const p = offset(lat, lng, radiusKm * (0.7 + rand() * 0.3), (2 * Math.PI * v) / vertices);
      return [p.lng, p.lat];
    });
    ring.push(ring[0]!);
    return {
      name: `Bench zone ${i + 1}`,
      lat,
      lng,
      radiusKm,
      polygon: { type: 'Polygon', coordinates: [ring] },
    };
  });
}

/**
 * `mix` is osmand:gt06:teltonika. Every fourth tracker starts 1 km outside a geofence heading
 * for its centre, so it enters and leaves it during the run.
 */
export function buildDevices(
  count: number,
  fences: readonly BenchGeofence[],
  mix: { osmand: number; gt06: number; teltonika: number },
  seed = 2,
): BenchDeviceSpec[] {
  const rand = random(seed);
  return allocateProtocols(count, mix).map((protocol, i) => {
    const speedKmh = 30 + rand() * 80;
    const fence = i % 4 === 0 ? fences[(i / 4) % fences.length] : undefined;
    let track: BenchTrack;
    if (fence) {
      const headingRad = rand() * 2 * Math.PI;
      const start = offset(fence.lat, fence.lng, fence.radiusKm + 1, headingRad + Math.PI);
      track = { ...start, headingRad, speedKmh };
    } else {
      track = {
        lat: between(rand, LAT),
        lng: between(rand, LNG),
        headingRad: rand() * 2 * Math.PI,
        speedKmh,
      };
    }
    return { serial: serialFor(SERIAL_PREFIX, i + 1), protocol, track };
  });
}

/** The k-th fix of a tracker: whole seconds, so GT06 (1 s resolution) keeps it exactly. */
export function fixAt(track: BenchTrack, baseTimeMs: number, k: number): BenchFix {
  const hours = (k * FIX_INTERVAL_S) / 3600;
  const at = offset(track.lat, track.lng, track.speedKmh * hours, track.headingRad);
  const course = ((((track.headingRad * 180) / Math.PI) % 360) + 360) % 360;
  return {
    time: new Date(baseTimeMs + k * FIX_INTERVAL_S * 1000),
    lat: at.lat,
    lng: at.lng,
    speedKmh: track.speedKmh,
    course,
  };
}
