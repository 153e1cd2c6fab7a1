import { performance } from 'node:perf_hooks';
import { SegmentOutput, ZoneDays } from '@waymark/domain';
import { generateHistory } from '@waymark/simulator/trips/history';
import type { Fix } from '@waymark/simulator/trips/fix';
import type { Db } from '../../apps/server/src/db/client';
import { thinOlderHistory } from '../../apps/server/src/demo/demo-fleet';
import type { Position } from '../../apps/server/src/pipeline/position';
import { TripOutputs } from '../../apps/server/src/pipeline/steps/trips';
import { segmentHistory } from '../../apps/server/src/pipeline/trip-rebuild';
import {
  addDailySummaries,
  insertStops,
  insertTrips,
} from '../../apps/server/src/pipeline/trip-writes';

/** Trackers segmented and written per transaction: the size of a seed's batch. */
const CHUNK = 250;

export interface BuildFigures {
  trackers: number;
  days: number;
  fixes: number;
  trips: number;
  stops: number;
  summaryDays: number;
  /** Simulating the templates' histories (not part of the build). */
  generateSeconds: number;
  /** The motion and trips steps over every tracker's fixes, in memory. */
  segmentSeconds: number;
  /** Their trips, stops and daily summaries written, as the pipeline writes them. */
  writeSeconds: number;
  buildSeconds: number;
}

/** The demo seed's history of one simulated vehicle: every fix of its last 3 days, fewer before. */
function template(seed: string, from: Date, to: Date): Fix[] {
  return thinOlderHistory(generateHistory(seed, from, to), to);
}

function positionsOf(fixes: readonly Fix[], deviceId: number, accountId: number): Position[] {
  return fixes.map((f) => ({
    deviceId,
    accountId,
    fixTime: f.time,
    receivedAt: f.time,
    lat: f.lat,
    lng: f.lng,
    fix: f.fix,
    speed: f.speedKmh / 3.6,
    course: f.course,
    altitude: f.altitude,
    accuracy: f.accuracy,
    battery: f.battery,
    charging: f.charging,
    ignition: f.ignition,
    temperature: null,
    humidity: null,
    alarm: null,
    attributes: null,
    odometer: null,
    address: null,
    geofenceIds: [],
    filterReason: null,
  }));
}

/**
 * The seed's trips of every tracker built as a first start builds them: each tracker's history
 * (one of `templates` simulated vehicles', so generating stays out of the figure) through the
 * pipeline's motion and trips steps (segmentHistory, the rebuild's loop), and the trips, stops
 * and daily summaries written with the pipeline's own writes, a chunk of trackers a transaction.
 * The long tracker gets `longDays` of history instead.
 */
export async function buildTrips(
  db: Db,
  devices: readonly { id: number; accountId: number }[],
  options: { days: number; longDays: number; templates: number; zone: string; now: Date },
  log: (text: string) => void,
) {
  const to = options.now;
  const from = new Date(to.getTime() - options.days * 86_400_000);
  const generated = performance.now();
  const templates = Array.from({ length: options.templates }, (_, i) =>
    template(`trips-bench-${i}`, from, to),
  );
  const long = template(
    'trips-bench-long',
    new Date(to.getTime() - options.longDays * 86_400_000),
    to,
  );
  const generateSeconds = (performance.now() - generated) / 1000;
  log(`generated ${options.templates} vehicles' histories in ${generateSeconds.toFixed(1)} s`);

  const days = new ZoneDays(options.zone);
  let segmentMs = 0;
  let writeMs = 0;
  const figures = { fixes: 0, trips: 0, stops: 0, summaryDays: 0 };
  for (let at = 0; at < devices.length; at += CHUNK) {
    const outputs = new TripOutputs();
    const started = performance.now();
    for (const [i, device] of devices.slice(at, at + CHUNK).entries()) {
      const fixes = at + i === 0 ? long : templates[(at + i) % templates.length]!;
      const accepted = fixes.filter((f) => f.fix !== 'cell');
      const out = new SegmentOutput();
      segmentHistory(
        positionsOf(accepted, device.id, device.accountId),
        { odometer: 0, stopped: false },
        days,
        out,
      );
      outputs.byDevice.set(device.id, { accountId: device.accountId, out });
      figures.fixes += accepted.length;
      figures.trips += out.trips.length;
      figures.stops += out.stops.length;
      figures.summaryDays += out.days.size;
    }
    const segmented = performance.now();
    await db.transaction(async (tx) => {
      await insertTrips(tx, outputs);
      await insertStops(tx, outputs);
      await addDailySummaries(tx, outputs);
    });
    segmentMs += segmented - started;
    writeMs += performance.now() - segmented;
    if ((at / CHUNK) % 8 === 7) log(`built ${at + CHUNK} of ${devices.length} trackers`);
  }
  return {
    trackers: devices.length,
    days: options.days,
    ...figures,
    generateSeconds,
    segmentSeconds: segmentMs / 1000,
    writeSeconds: writeMs / 1000,
    buildSeconds: (segmentMs + writeMs) / 1000,
  } satisfies BuildFigures;
}
