import { clampToUs, destination } from './geo';
import type { LatLng } from './geo';
import type { Random } from './random';

/** One report of a virtual tracker: what it measured, before any protocol encodes it. */
export interface Fix {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  /** Degrees 0..359, clockwise from north. */
  course: number;
  /** Metres above sea level. */
  altitude: number;
  fix: 'gps' | 'wifi' | 'cell';
  /** Metres: radius of the uncertainty of this fix. */
  accuracy: number;
  /** 0 for wifi and cell fixes. */
  satellites: number;
  /** Percent 0..100. */
  battery: number;
  charging: boolean;
  ignition: boolean;
  alarm?: 'sos' | 'tamper' | 'lowBattery';
}

/**
 * How the fix was obtained. A moving vehicle nearly always has GPS; a parked one is often under
 * a roof, where trackers fall back to Wi-Fi or cell positioning.
 */
export function pickSource(moving: boolean, rng: Random): Fix['fix'] {
  const r = rng.next();
  if (moving) return r < 0.96 ? 'gps' : 'cell';
  return r < 0.5 ? 'gps' : r < 0.85 ? 'wifi' : 'cell';
}

const ACCURACY_M: Record<Fix['fix'], [number, number]> = {
  gps: [3, 12],
  wifi: [20, 80],
  cell: [500, 2500],
};

/** The reported position: the true one displaced by up to 60 % of the claimed accuracy. */
export function measure(
  truth: LatLng,
  source: Fix['fix'],
  rng: Random,
): { point: LatLng; accuracy: number } {
  const [min, max] = ACCURACY_M[source];
  const accuracy = Math.round(rng.range(min, max));
  const error = accuracy * 0.6 * Math.sqrt(rng.next());
  return { point: clampToUs(destination(truth, rng.range(0, 360), error)), accuracy };
}

/**
 * A rough relief of the lower 48 (Rockies, Sierra/Cascades, Appalachians, rising plains) so
 * altitude charts look plausible; not a terrain model.
 */
export function terrainAltitude(p: LatLng): number {
  const bump = (centre: number, width: number, height: number) =>
    height * Math.exp(-(((p.lng - centre) / width) ** 2));
  const plains = p.lng > -105 && p.lng < -95 ? ((p.lng + 95) / -10) * 900 : 0;
  return Math.round(
    120 +
      bump(-108, 4, 1600) +
      bump(-114, 3, 900) +
      bump(-120.5, 1.2, 500) +
      bump(-81, 2.5, 350) +
      plains,
  );
}
