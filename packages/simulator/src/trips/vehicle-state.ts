import type { City } from './cities';
import type { LatLng } from './geo';
import type { Random } from './random';
import type { Route } from './route';

export interface VehicleOptions {
  /** Simulation start; the first fix is reported at this time. */
  start: Date | number;
  /** Wired to vehicle power (charges while driving) or a portable asset tracker. Seeded if omitted. */
  kind?: 'vehicle' | 'portable';
  /** Report interval while driving; seeded in 30..120 s if omitted. */
  movingIntervalS?: number;
  /** Report interval while parked; seeded in 15..60 min if omitted. */
  parkedIntervalS?: number;
  /** SOS and tamper alarms at a low random rate (low-battery alarms are always raised). */
  randomAlarms?: boolean;
}

/**
 * Mutable state of one virtual tracker and the vehicle carrying it. Callers treat it as opaque
 * and move it only through `advance`, which keeps runs deterministic for a seed.
 */
export interface Vehicle {
  readonly rng: Random;
  readonly kind: 'vehicle' | 'portable';
  movingIntervalMs: number;
  parkedIntervalMs: number;
  readonly randomAlarms: boolean;
  /** Time of the state below, ms since epoch; the time of the last fix once one was reported. */
  time: number;
  position: LatLng;
  course: number;
  speedKmh: number;
  cruiseKmh: number;
  mode: 'driving' | 'stopped';
  stopUntil: number;
  /** Until then a vehicle that set off stands with its engine running (a warm-up). */
  idleUntil: number;
  route: Route | undefined;
  along: number;
  segment: number;
  city: City;
  readonly depot: City;
  tripsUntilDepot: number;
  drivenSinceRestS: number;
  restAfterS: number;
  /** Local hour after which the driver looks for a place to sleep. */
  readonly dayEndHour: number;
  battery: number;
  charging: boolean;
  lowBatteryRaised: boolean;
  nextReportAt: number;
}

/** A tracker at its depot city, either parked or already part-way along its first trip. */
