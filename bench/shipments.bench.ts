import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { SHIPMENT_LIST_DAYS_AHEAD, SHIPMENT_LIST_DAYS_BACK } from '@waymark/domain';
import { queryRows } from '../apps/server/src/db/client';
import { measureLatency } from './dwell/latency';
import { startBenchServer } from './ingest/server';
import { measureAccuracy } from './shipments/accuracy';
import {
  Fleet,
  meterClock,
  setClock,
  steadyPhase,
  throughputPhase,
  type PhaseFigures,
} from './shipments/feed';
import { parseOptions } from './shipments/options';
import { bars, printFigures, writeFigures, type ShipmentsFigures } from './shipments/report';
import {
  SHIPMENTS_BENCH_EMAIL,
  SHIPMENTS_BENCH_PASSWORD,
  seedShipmentsBench,
} from './shipments/seed';

/**
 * `npm run bench:shipments [-- --postgres]`: 10,000 ongoing shipments in one account, their
 * trackers' positions through the real pipeline as fast as acks allow and at 5,000/s, with and
 * without the shipment clock (bar: at most 15 % lower with it); the list call as the list page
 * makes it for the 10,000 (bar: p99 under 500 ms); and the predicted arrival of the demo's
 * trips replayed through the clock's rules (bar: under 15 % of the time to go at 30 minutes).
 * Prints and writes bench/results/shipments-<database>.json; never fails.
 */

const log = (text: string) => console.log(`[bench:shipments] ${text}`);
const DAY = 86_400_000;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function login(httpUrl: string) {
  const response = await fetch(`${httpUrl}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SHIPMENTS_BENCH_EMAIL, password: SHIPMENTS_BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`POST /api/token answered ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function main() {
  const options = parseOptions(process.argv.slice(2), process.env);
  const database = options.postgresUrl ? 'postgres' : 'pglite';
  const loadBefore = os.loadavg()[0]!;
  log(`starting the server on ${database}`);
  const server = await startBenchServer(options.postgresUrl);
  const { ctx } = server;
  const interrupt = () => void server.close().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const baseMs = Math.floor(Date.now() / 1000) * 1000 - 6 * 3600_000;
    const seeded = performance.now();
    const { accountId } = await seedShipmentsBench(
      ctx.database.db,
      options.shipments,
      new Date(baseMs),
    );
    const seedSeconds = (performance.now() - seeded) / 1000;
    log(`seeded ${options.shipments} trackers and shipments in ${seedSeconds.toFixed(1)} s`);
    const countPredictions = async () => {
      const [row] = await queryRows<{ n: string }>(
        ctx.database.db,
        sql`SELECT count(*) AS n FROM shipment_predictions`,
      );
      return Number(row?.n ?? 0);
    };

    const meter = meterClock(ctx);
    const fleet = new Fleet(options.shipments, baseMs);
    // Warm-up with the clock: every tracker's current position, five minutes of moving (10
    // rounds of 30 s) so every shipment predicts, and the JIT settled.
    await setClock(ctx, true);
    log('warm-up: 12 rounds of the fleet with the clock');
    for (let round = 0; round < 12; round++) {
      await ctx.pipeline.submit(fleet.take(options.shipments), 'gt06');
      await ctx.bus.flush();
      await ctx.shipmentClock.settled();
    }

    const throughput: PhaseFigures[] = [];
    // Without, with, with, without: the tables grow phase after phase and every phase is a
    // little slower than the one before it, so each side gets the same mean place in time.
    // Alternating (without, with, without, with) put the clock's phases one phase later on
    // average and charged that slowing to the clock (about 5 % in runs of 2026-11-30).
    for (const withClock of [false, true, true, false]) {
      await setClock(ctx, withClock);
      log(`throughput ${withClock ? 'with' : 'without'} the clock: ${options.seconds} s`);
      throughput.push(
        await throughputPhase(ctx, fleet, meter, withClock, options.seconds, countPredictions),
      );
    }
    const steady: PhaseFigures[] = [];
    for (const withClock of [false, true]) {
      await setClock(ctx, withClock);
      log(
        `${options.rate} positions/s ${withClock ? 'with' : 'without'} the clock: ${options.steadySeconds} s`,
      );
      steady.push(
        await steadyPhase(
          ctx,
          fleet,
          meter,
          withClock,
          options.rate,
          options.steadySeconds,
          countPredictions,
        ),
      );
    }
    const withoutRate = mean(throughput.filter((p) => !p.withClock).map((p) => p.rate));
    const withRate = mean(throughput.filter((p) => p.withClock).map((p) => p.rate));

    // The list page's call: its default range (15 days back to 15 ahead) and its parts.
    const token = await login(server.httpUrl);
    const now = Date.now();
    const range = `date_from=${new Date(now - SHIPMENT_LIST_DAYS_BACK * DAY).toISOString()}&date_to=${new Date(now + SHIPMENT_LIST_DAYS_AHEAD * DAY).toISOString()}`;
    const path = `/api/accounts/${accountId}/shipments?with_geofences=1&with_current_position=1&include=device&${range}`;
    log(`list: ${options.requests} requests one after another`);
    const list = await measureLatency(`${server.httpUrl}${path}`, token, options.requests, 3);

    log(`accuracy: demo trips of ${options.vehicles} vehicles over ${options.days} days`);
    const accuracy = measureAccuracy(options.vehicles, options.days, baseMs - options.days * DAY);

    const figures: Omit<ShipmentsFigures, 'bars'> = {
      database,
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadBefore,
        loadAfter: os.loadavg()[0]!,
      },
      shipments: options.shipments,
      seedSeconds,
      throughput,
      steady,
      withoutRate,
      withRate,
      drop: 1 - withRate / withoutRate,
      clockUsPerPosition: steady[1]!.clockUsPerPosition,
      cpuAddedUsPerPosition: steady[1]!.cpuUsPerPosition - steady[0]!.cpuUsPerPosition,
      list: { ...list, path },
      accuracy,
    };
    const all: ShipmentsFigures = { ...figures, bars: bars(figures) };
    printFigures(all);
    log(`figures written to ${writeFigures(all)}`);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
