import { US_CITIES } from './cities';
import type { Fix } from './fix';
import { measure, pickSource, terrainAltitude } from './fix';
import { driveTo, moveAlong, parkUntil, pickCruise, startRoute } from './motion';
import { createRandom } from './random';
import { spotNear } from './route';
import type { Vehicle, VehicleOptions } from './vehicle-state';

export function createVehicle(seed: number | string, options: VehicleOptions): Vehicle {
  const rng = createRandom(seed);
  const start = Math.ceil(+options.start / 1000) * 1000;
  const depot = rng.pick(US_CITIES);
  const v: Vehicle = {
    rng,
    kind: options.kind ?? (rng.chance(0.2) ? 'portable' : 'vehicle'),
    movingIntervalMs: 1000 * Math.round(options.movingIntervalS ?? rng.range(30, 120)),
    parkedIntervalMs: 1000 * Math.round(options.parkedIntervalS ?? rng.range(900, 3600)),
    randomAlarms: options.randomAlarms ?? true,
    time: start,
    position: spotNear(depot, 4000, rng),
    course: Math.round(rng.range(0, 360)) % 360,
    speedKmh: 0,
    cruiseKmh: 0,
    mode: 'stopped',
    stopUntil: start + Math.round(rng.range(0, 3 * 3600)) * 1000,
    idleUntil: 0,
    route: undefined,
    along: 0,
    segment: 0,
    city: depot,
    depot,
    tripsUntilDepot: rng.int(3, 8),
    drivenSinceRestS: 0,
    restAfterS: rng.range(2.5, 4.5) * 3600,
    dayEndHour: rng.range(19, 21.5),
    battery: Math.round(rng.range(45, 100)),
    charging: false,
    lowBatteryRaised: false,
    nextReportAt: start,
  };
  if (rng.chance(0.5)) {
    // Half the fleet is on the road when the simulation starts, so a fresh demo map moves.
    startRoute(v);
    v.mode = 'driving';
    v.along = v.route!.totalM * rng.range(0.1, 0.8);
    v.cruiseKmh = pickCruise(v, rng);
    v.speedKmh = v.cruiseKmh;
    v.charging = v.kind === 'vehicle';
    moveAlong(v, v.along, 0);
  }
  return v;
}

/**
 * Moves the vehicle forward to `until` and returns the fixes it reported on the way: one per
 * report interval, plus one when it stops or starts (as trackers report ignition changes).
 */
export function advance(v: Vehicle, until: Date | number): Fix[] {
  const end = +until;
  const fixes: Fix[] = [];
  for (;;) {
    const t = v.mode === 'stopped' ? Math.min(v.nextReportAt, v.stopUntil) : v.nextReportAt;
    if (t > end) break;
    if (v.mode === 'driving') driveTo(v, t);
    else parkUntil(v, t);
    fixes.push(report(v));
    v.nextReportAt = v.time + (v.mode === 'driving' ? v.movingIntervalMs : v.parkedIntervalMs);
  }
  return fixes;
}

function report(v: Vehicle): Fix {
  const { rng } = v;
  const moving = v.mode === 'driving';
  const source = pickSource(moving, rng);
  const { point, accuracy } = measure(v.position, source, rng);
  const fix: Fix = {
    time: new Date(v.time),
    lat: round(point.lat, 7),
    lng: round(point.lng, 7),
    speedKmh: round(v.speedKmh, 1),
    course: Math.round(v.course) % 360,
    altitude: terrainAltitude(v.position) + (source === 'gps' ? rng.int(-6, 6) : 0),
    fix: source,
    accuracy,
    satellites: source === 'gps' ? rng.int(6, 14) : 0,
    battery: Math.round(v.battery),
    charging: v.charging,
    ignition: moving,
  };
  const alarm = pickAlarm(v, moving);
  if (alarm) fix.alarm = alarm;
  return fix;
}

/** Low battery once per discharge; otherwise rare SOS (any time) and tamper (parked only). */
function pickAlarm(v: Vehicle, moving: boolean): Fix['alarm'] {
  if (v.battery < 15 && !v.lowBatteryRaised) {
    v.lowBatteryRaised = true;
    return 'lowBattery';
  }
  if (v.battery > 30) v.lowBatteryRaised = false;
  if (!v.randomAlarms) return undefined;
  const r = v.rng.next();
  if (r < 1 / 20_000) return 'sos';
  if (!moving && r < 1 / 20_000 + 1 / 6_000) return 'tamper';
  return undefined;
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
