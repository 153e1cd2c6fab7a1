import { pointAlong, buildRoute, pickDestination, spotNear } from './route';
import type { Random } from './random';
import type { Vehicle } from './vehicle-state';

/** km/h per second: a loaded vehicle reaches highway speed in about a minute. */
const ACCELERATION = 2;
const MPH = 1.609344;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Within this distance of a route end the vehicle is in town and drives slower. */
const TOWN_M = 12_000;
/** Minutes a driver lets the engine run before driving off. */
const WARM_UP_MIN = [2, 12] as const;

/** Cruising speed: 55–75 mph on the highway, 30–60 km/h in town. */
export function pickCruise(v: Vehicle, rng: Random): number {
  const route = v.route;
  const inTown = !route || v.along < TOWN_M || route.totalM - v.along < TOWN_M;
  return inTown ? rng.range(30, 60) : rng.range(55, 75) * MPH;
}

/**
 * Drives from v.time to t with speed easing toward the cruise speed, so distance covered is the
 * mean of the start and end speeds times the time (never more than the faster of the two).
 * Arrives (and stops) early if the route ends; pulls over to rest or sleep when due.
 */
export function driveTo(v: Vehicle, t: number): void {
  const route = v.route;
  if (!route) throw new Error('A driving vehicle needs a route');
  if (t <= v.idleUntil) {
    idleTo(v, t);
    return;
  }
  // The warm-up ended since the last report: the drive starts from standstill then.
  if (v.time < v.idleUntil) idleTo(v, v.idleUntil);
  const dtS = (t - v.time) / 1000;
  const nearEnd = route.totalM - v.along < TOWN_M;
  // So close to the destination the driver finishes the trip and rests there instead.
  const pullOver = !nearEnd && (v.drivenSinceRestS >= v.restAfterS || isNight(v, v.time));
  if (!pullOver && v.rng.chance(0.25)) v.cruiseKmh = pickCruise(v, v.rng);
  const target = pullOver ? 0 : nearEnd ? Math.min(v.cruiseKmh, 55) : v.cruiseKmh;
  const v0 = v.speedKmh;
  let v1 = v0 + Math.max(-ACCELERATION * dtS, Math.min(ACCELERATION * dtS, target - v0));
  const remaining = route.totalM - v.along;
  // Rolling into the destination at the last reported speed keeps the final leg consistent with
  // what was reported (speeding up and braking within one interval would look like a jump).
  if (((v0 + v1) / 2 / 3.6) * dtS >= remaining) {
    // From standstill, cover most of the way now and arrive on the next report instead.
    v1 = v0 > 0 ? v0 : Math.min(v1, ((1.8 * remaining) / dtS) * 3.6);
  }
  const meanMps = (v0 + v1) / 2 / 3.6;
  if (v0 > 0 && meanMps * dtS >= remaining) {
    const arrival = v.time + (remaining / meanMps) * 1000;
    // Whole seconds, strictly after the previous fix and no later than t.
    const at = Math.min(t, Math.max(v.time + 1000, Math.ceil(arrival / 1000) * 1000));
    moveAlong(v, route.totalM, (at - v.time) / 1000);
    v.time = at;
    arrive(v);
    return;
  }
  moveAlong(v, v.along + meanMps * dtS, dtS);
  v.speedKmh = v1;
  v.time = t;
  if (pullOver && v1 === 0) {
    const night = isNight(v, t);
    stop(v, night ? nextMorning(v, t) : t + v.rng.range(10, 45) * 60_000);
  }
}

/** Stands with the engine running until t: the tracker reports ignition on at speed 0. */
function idleTo(v: Vehicle, t: number): void {
  chargeBattery(v, (t - v.time) / 1000);
  v.time = t;
}

/** Stays parked until t; when the stop is over, sets off (or sleeps on if it is night). */
export function parkUntil(v: Vehicle, t: number): void {
  chargeBattery(v, (t - v.time) / 1000);
  v.time = t;
  if (t < v.stopUntil) return;
  if (isNight(v, t)) {
    v.stopUntil = nextMorning(v, t);
    return;
  }
  if (!v.route || v.along >= v.route.totalM) startRoute(v);
  v.mode = 'driving';
  v.speedKmh = 0;
  // Drivers start the engine and let it run a few minutes before they drive off, so trackers
  // report idling (ignition on, standing) as real ones do, and idle time is not always 0.
  v.idleUntil = t + Math.round(v.rng.range(WARM_UP_MIN[0], WARM_UP_MIN[1]) * 60) * 1000;
  v.drivenSinceRestS = 0;
  v.restAfterS = v.rng.range(2.5, 4.5) * 3600;
  v.cruiseKmh = pickCruise(v, v.rng);
  v.charging = v.kind === 'vehicle';
}

/** Plans the next trip: home to the depot after a few jobs, otherwise a regional city. */
export function startRoute(v: Vehicle): void {
  const home = v.tripsUntilDepot <= 0 && v.city !== v.depot;
  const to = home ? v.depot : pickDestination(v.position, v.rng, v.city);
  v.tripsUntilDepot = home ? v.rng.int(3, 8) : v.tripsUntilDepot - 1;
  v.route = buildRoute(v.position, to, spotNear(to, 6000, v.rng), v.rng);
  v.along = 0;
  v.segment = 0;
}

/** Puts the vehicle `along` metres into its route, counting dtS of driving. */
export function moveAlong(v: Vehicle, along: number, dtS: number): void {
  const route = v.route!;
  v.along = Math.min(along, route.totalM);
  const at = pointAlong(route, v.along, v.segment);
  v.position = at.point;
  v.course = at.course;
  v.segment = at.segment;
  v.drivenSinceRestS += dtS;
  chargeBattery(v, dtS);
}

/** At the destination: a delivery stop, or days at the depot (or a customer's yard). */
function arrive(v: Vehicle): void {
  v.city = v.route!.destination;
  const atDepot = v.city === v.depot;
  const rng = v.rng;
  const longPark = (atDepot && rng.chance(0.6)) || rng.chance(0.05);
  stop(v, v.time + (longPark ? rng.range(1, 4) * DAY_MS : rng.range(20, 180) * 60_000));
}

function stop(v: Vehicle, until: number): void {
  v.mode = 'stopped';
  v.speedKmh = 0;
  v.stopUntil = Math.round(until / 1000) * 1000;
  if (v.kind === 'vehicle') v.charging = false;
}

/**
 * Wired trackers charge from the vehicle while it runs and drain their backup battery slowly
 * when parked; portable ones drain all the time and get plugged in when low at a stop.
 */
function chargeBattery(v: Vehicle, dtS: number): void {
  const hours = dtS / 3600;
  const driving = v.mode === 'driving';
  if (v.kind === 'vehicle') {
    v.battery += driving ? 12 * hours : -0.25 * hours;
  } else if (v.charging) {
    v.battery += 30 * hours;
    if (v.battery >= 100) v.charging = false;
  } else {
    v.battery -= (driving ? 1 : 0.3) * hours;
    if (!driving && v.battery < 40 && v.rng.chance(0.5)) v.charging = true;
  }
  v.battery = Math.min(100, Math.max(0, v.battery));
}

/** Local solar hour from longitude: close enough to decide when drivers sleep. */
function localHour(v: Vehicle, t: number): number {
  const h = (t / HOUR_MS + v.position.lng / 15) % 24;
  return h < 0 ? h + 24 : h;
}

function isNight(v: Vehicle, t: number): boolean {
  const h = localHour(v, t);
  return h >= v.dayEndHour || h < 5;
}

/** Between 6 and 8 local time on the coming morning. */
function nextMorning(v: Vehicle, t: number): number {
  const offset = (v.position.lng / 15) * HOUR_MS;
  const local = t + offset;
  let wake = Math.floor(local / DAY_MS) * DAY_MS + v.rng.range(6, 8) * HOUR_MS;
  if (wake <= local) wake += DAY_MS;
  return wake - offset;
}
