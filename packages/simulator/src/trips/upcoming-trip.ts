import type { City } from './cities';
import type { LatLng } from './geo';
import { advance } from './vehicle';
import type { Vehicle } from './vehicle-state';

/** A trip a vehicle is on or about to start, as it will go. */
export interface UpcomingTrip {
  /** The city it leaves (where it last arrived). */
  origin: City;
  destination: City;
  /** The first and last points of its route: the spot it leaves and the spot it stops at. */
  from: LatLng;
  to: LatLng;
  /** When it sets off (ms); null when it is already on the way. */
  departsAt: number | null;
  arrivesAt: number;
}

/**
 * A copy of the vehicle that goes on exactly as it will: the same state and the same next
 * random numbers. Routes, cities and points are never changed in place, so they are shared.
 */
export function cloneVehicle(v: Vehicle): Vehicle {
  return { ...v, rng: v.rng.fork() };
}

/**
 * The first trip the vehicle finishes by `until` (ms), found by driving a copy of it one report
 * at a time; the vehicle itself is left as it is. Undefined when it arrives nowhere by then.
 * A rest or a night's sleep on the way is part of the trip.
 */
export function upcomingTrip(vehicle: Vehicle, until: number): UpcomingTrip | undefined {
  const v = cloneVehicle(vehicle);
  let departsAt: number | null = null;
  let origin = v.city;
  for (;;) {
    const t = v.mode === 'stopped' ? Math.min(v.nextReportAt, v.stopUntil) : v.nextReportAt;
    if (t > until) return undefined;
    const route = v.route;
    const wasDriving = v.mode === 'driving';
    advance(v, t);
    if (v.route && v.route !== route) {
      departsAt = v.time;
      origin = v.city;
    }
    const arrived = v.route && v.mode === 'stopped' && v.along >= v.route.totalM;
    if (wasDriving && arrived) {
      return {
        origin,
        destination: v.route!.destination,
        from: v.route!.points[0]!,
        to: v.route!.points[v.route!.points.length - 1]!,
        departsAt,
        arrivesAt: v.time,
      };
    }
  }
}
