import http from 'node:http';
import { buildFleet } from './fleet';
import type { DeviceSpec, Mix } from './fleet';
import { DueQueue, firstDue, intervalForRate, nextDue } from './schedule';
import { newStats } from './stats';
import type { SimulatorStats } from './stats';
import { Gt06Tracker } from './trackers/gt06';
import { gps103Dialect } from './trackers/gps103';
import { h02Dialect } from './trackers/h02';
import { jt808Dialect } from './trackers/jt808';
import { wialonDialect } from './trackers/wialon';
import { suntechDialect } from './trackers/suntech';
import { istartekDialect } from './trackers/istartek';
import { ruptelaDialect } from './trackers/ruptela';
import { meitrackDialect } from './trackers/meitrack';
import { queclinkDialectFor } from './trackers/queclink';
import { StreamTracker } from './trackers/stream-tracker';
import { watchDialect } from './trackers/watch';
import { OsmAndTracker } from './trackers/osmand';
import { TeltonikaTracker } from './trackers/teltonika';
import { TeltonikaUdpTracker } from './trackers/teltonika-udp';
import { WialonUdpTracker } from './trackers/wialon-udp';
import { topflytechDialect } from './trackers/topflytech';
import { navtelecomDialect } from './trackers/navtelecom';
import { galileoskyDialect } from './trackers/galileosky';
import { jt600Dialect } from './trackers/jt600';
import { DEFAULT_PORTS } from './trackers/tracker';
import type { Ports, Tracker, TrackerContext } from './trackers/tracker';
import { createHistoryVehicle } from './trips/history';
import { createRandom } from './trips/random';
import { upcomingTrip, type UpcomingTrip } from './trips/upcoming-trip';
import { advance, createVehicle } from './trips/vehicle';
import type { Vehicle } from './trips/vehicle-state';

export interface SimulatorOptions {
  /** Server address; default 127.0.0.1. */
  host?: string;
  ports?: Partial<Ports>;
  /** A count (serials from serialPrefix and mix) or the exact devices, e.g. those the server seeded. */
  devices: number | readonly DeviceSpec[];
  /** Reports per second per device; default 1/30 (every 30 s). */
  rate?: number;
  /** Protocol weights (osmand:gt06:teltonika:...) when `devices` is a count; default 1:1:1. */
  mix?: Mix;
  /** Serial prefix when `devices` is a count; default 35000. */
  serialPrefix?: string;
  /** Stop by itself after this many seconds. */
  durationS?: number;
  /**
   * Continue the vehicles of `generateHistory(serial, historyFrom, now)` instead of starting
   * fresh, so live tracks join the demo history without a jump.
   */
  historyFrom?: Date;
  /** Sockets the OsmAnd trackers share; default 128. */
  maxHttpSockets?: number;
}

export interface RunningSimulator {
  /** Live counters; read them at any time. */
  readonly stats: SimulatorStats;
  readonly devices: readonly DeviceSpec[];
  /** Stops reporting and closes every connection. */
  stop(): Promise<void>;
  /** Settles when the simulator stops (by `stop()` or `durationS`). */
  readonly done: Promise<void>;
  /**
   * The first trip the tracker's vehicle finishes by `until` (ms), as it will drive it (a copy
   * is driven ahead; the vehicle is not moved); undefined for another serial or no arrival.
   */
  upcomingTrip(serial: string, until: number): UpcomingTrip | undefined;
}

/** How often the loop looks for due trackers: fine enough for rates up to 10/s per device. */
const TICK_MS = 100;

/**
 * Drives virtual trackers against a running server over real sockets. One timer for the whole
 * fleet: each tick pops the trackers that are due, advances their vehicles to now and sends what
 * they reported.
 */
export function startSimulator(options: SimulatorOptions): RunningSimulator {
  const devices =
    typeof options.devices === 'number'
      ? buildFleet(
          options.devices,
          options.serialPrefix ?? '35000',
          options.mix ?? { osmand: 1, gt06: 1, teltonika: 1 },
        )
      : [...options.devices];
  const intervalMs = intervalForRate(options.rate ?? 1 / 30);
  const stats = newStats();
  const jitter = createRandom('reconnect-jitter');
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxHttpSockets ?? 128 });
  const ctx: TrackerContext = {
    host: options.host ?? '127.0.0.1',
    ports: { ...DEFAULT_PORTS, ...options.ports },
    stats,
    agent,
    now: () => Date.now(),
    random: () => jitter.next(),
  };

  const start = Date.now();
  const queue = new DueQueue();
  const vehicles: Vehicle[] = [];
  const trackers: Tracker[] = [];
  devices.forEach((device, i) => {
    const due = firstDue(i, devices.length, intervalMs, start);
    vehicles.push(liveVehicle(device.serial, due, intervalMs, options.historyFrom));
    trackers.push(createTracker(device, i, ctx));
    queue.push(i, due);
  });

  const tick = () => {
    const now = Date.now();
    for (const { device, dueAt } of queue.popDue(now)) {
      const fixes = advance(vehicles[device]!, now);
      if (fixes.length > 0) trackers[device]!.report(fixes, now);
      queue.push(device, nextDue(dueAt, now, intervalMs));
    }
  };
  const timer = setInterval(tick, TICK_MS);

  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const durationTimer =
    options.durationS !== undefined
      ? setTimeout(() => void stop(), options.durationS * 1000)
      : undefined;
  let stopped = false;
  const stop = async () => {
    if (stopped) return done;
    stopped = true;
    clearInterval(timer);
    if (durationTimer) clearTimeout(durationTimer);
    for (const tracker of trackers) tracker.close();
    agent.destroy();
    finish();
    return done;
  };
  const indexOf = new Map(devices.map((device, i) => [device.serial, i]));
  const tripOf = (serial: string, until: number) => {
    const i = indexOf.get(serial);
    return i === undefined ? undefined : upcomingTrip(vehicles[i]!, until);
  };
  return { stats, devices, stop, done, upcomingTrip: tripOf };
}

/**
 * The vehicle behind a live tracker reports at the simulator's rate whether moving or parked,
 * so `--rate` is what the server receives; its first fix falls on its first due time.
 */
function liveVehicle(serial: string, due: number, intervalMs: number, historyFrom?: Date): Vehicle {
  let vehicle: Vehicle;
  if (historyFrom && +historyFrom < due) {
    vehicle = createHistoryVehicle(serial, historyFrom);
    advance(vehicle, due - 1);
    vehicle.nextReportAt = Math.max(vehicle.time + 1000, due);
  } else {
    vehicle = createVehicle(serial, { start: due });
  }
  vehicle.movingIntervalMs = intervalMs;
  vehicle.parkedIntervalMs = intervalMs;
  return vehicle;
}

function createTracker(device: DeviceSpec, index: number, ctx: TrackerContext): Tracker {
  switch (device.protocol) {
    case 'osmand':
      return new OsmAndTracker(device.serial, ctx);
    case 'gt06':
      return new Gt06Tracker(device.serial, ctx);
    case 'teltonika':
      // Every fourth Teltonika tracker pulls a trailer with a BLE tag, for the beacon features.
      return new TeltonikaTracker(
        device.serial,
        ctx,
        index % 4 === 0 ? { major: 1, minor: index & 0xffff } : undefined,
      );
    case 'h02':
      return new StreamTracker(device.serial, ctx, h02Dialect);
    case 'gps103':
      return new StreamTracker(device.serial, ctx, gps103Dialect);
    case 'watch':
      return new StreamTracker(device.serial, ctx, watchDialect);
    case 'queclink':
      return new StreamTracker(device.serial, ctx, queclinkDialectFor(device.serial));
    case 'meitrack':
      return new StreamTracker(device.serial, ctx, meitrackDialect);
    case 'jt808':
      return new StreamTracker(device.serial, ctx, jt808Dialect);
    case 'wialon':
      return new StreamTracker(device.serial, ctx, wialonDialect);
    case 'suntech':
      return new StreamTracker(device.serial, ctx, suntechDialect);
    case 'istartek':
      return new StreamTracker(device.serial, ctx, istartekDialect);
    case 'ruptela':
      return new StreamTracker(device.serial, ctx, ruptelaDialect);
    case 'teltonikaUdp':
      return new TeltonikaUdpTracker(device.serial, ctx);
    case 'wialonUdp':
      return new WialonUdpTracker(device.serial, ctx);
    case 'topflytech':
      return new StreamTracker(device.serial, ctx, topflytechDialect);
    case 'navtelecom':
      return new StreamTracker(device.serial, ctx, navtelecomDialect);
    case 'galileosky':
      return new StreamTracker(device.serial, ctx, galileoskyDialect(device.serial));
    case 'jt600':
      return new StreamTracker(device.serial, ctx, jt600Dialect);
  }
}
