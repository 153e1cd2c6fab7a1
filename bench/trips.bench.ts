import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ZoneDays } from '@waymark/domain';
import { queryRows } from '../apps/server/src/db/client';
import { startBenchServer } from './ingest/server';
import { login } from './shared/login';
import { buildTrips } from './trips/build';
import { parseOptions } from './trips/options';
import {
  bars,
  printFigures,
  timingsOf,
  writeFigures,
  type CallTimings,
  type TripsFigures,
} from './trips/report';
import { BENCH_ZONE, seedTripsBench, TRIPS_BENCH_EMAIL, TRIPS_BENCH_PASSWORD } from './trips/seed';

/**
 * `npm run bench:trips [-- --postgres]`: issue 36's figures against the real server on PGlite or
 * PostgreSQL. The seed's trips for 10,000 trackers × 30 days built as a first start builds them
 * (bar: under a minute); then, as the Fleet reports screen asks (the first 500 rows and the
 * totals), the summary report of a 1,000-tracker account over 30 days by day and by month, and
 * the trips report of one tracker over 90 days (bar: p95 under 500 ms on PostgreSQL, 1 s on
 * PGlite), each beside the bare SQL of the same rows in the same run. Prints and writes
 * bench/results/trips-<database>.json; never fails on a bar.
 */

const log = (text: string) => console.log(`[bench:trips] ${text}`);

async function main() {
  const options = parseOptions(process.argv.slice(2), process.env);
  const database = options.postgresUrl ? 'postgres' : 'pglite';
  const loadBefore = os.loadavg()[0]!;
  log(`starting the server on ${database}`);
  const server = await startBenchServer(options.postgresUrl);
  const { ctx } = server;
  const db = ctx.database.db;
  const interrupt = () => void server.close().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const now = new Date();
    const { fleetAccountId, devices } = await seedTripsBench(db, options.trackers, options.fleet);
    log(`seeded ${devices.length} trackers; building their trips`);
    const build = await buildTrips(
      db,
      devices,
      {
        days: options.days,
        longDays: options.longDays,
        templates: options.templates,
        zone: BENCH_ZONE,
        now,
      },
      log,
    );

    const token = await login(server.httpUrl, TRIPS_BENCH_EMAIL, TRIPS_BENCH_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const days = new ZoneDays(BENCH_ZONE);
    const today = days.dayOf(now.getTime());
    const dayBefore = (n: number) => days.dayOf(now.getTime() - n * 86_400_000);
    const timed = async (path: string, bare: () => Promise<unknown>): Promise<CallTimings> => {
      const runs: number[] = [];
      const bareRuns: number[] = [];
      let rows = 0;
      for (let run = -2; run < options.runs; run++) {
        const started = performance.now();
        const response = await fetch(`${server.httpUrl}${path}`, { headers });
        const body = (await response.json()) as { data: unknown[] };
        if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
        const ms = performance.now() - started;
        const bareStarted = performance.now();
        await bare();
        const bareMs = performance.now() - bareStarted;
        if (run >= 0) {
          runs.push(ms);
          bareRuns.push(bareMs);
        }
        rows = body.data.length;
      }
      return { path, rows, ...timingsOf(runs), bareP95: timingsOf(bareRuns).p95 };
    };

    const from = dayBefore(options.days - 1);
    const summaryPath = (period: string) =>
      `/api/accounts/${fleetAccountId}/summary?date_from=${from}&date_to=${today}&period=${period}&per_page=500`;
    // The bare SQL: the same sums over the same rows, without names, access or JSON.
    const bareSummary = (period: 'day' | 'month') => () =>
      Promise.all([
        queryRows(
          db,
          sql`SELECT device_id, date_trunc(${period}, day::timestamp) AS p, sum(distance),
              sum(driving_s), sum(idle_s), sum(stops), max(max_speed)
            FROM daily_summaries WHERE account_id = ${fleetAccountId}
              AND day BETWEEN ${from}::date AND ${today}::date
            GROUP BY 1, 2 ORDER BY 1, 2 LIMIT 500`,
        ),
        queryRows(
          db,
          sql`SELECT count(*), sum(distance), sum(driving_s) FROM daily_summaries
            WHERE account_id = ${fleetAccountId} AND day BETWEEN ${from}::date AND ${today}::date`,
        ),
      ]);
    log(`summary of ${options.fleet} trackers over ${options.days} days: ${options.runs} runs`);
    const summary = await timed(summaryPath('day'), bareSummary('day'));
    const summaryByMonth = await timed(summaryPath('month'), bareSummary('month'));

    const long = devices[0]!;
    const longFrom = dayBefore(options.longDays - 1);
    log(`trips of one tracker over ${options.longDays} days: ${options.runs} runs`);
    const trips = await timed(
      `/api/accounts/${fleetAccountId}/trips?device_ids=${long.id}&date_from=${longFrom}&date_to=${today}&per_page=500`,
      () =>
        Promise.all([
          queryRows(
            db,
            sql`SELECT * FROM trips WHERE device_id = ${long.id}
              AND start_time >= ${days.startOfDay(longFrom) / 1000}::float8 * interval '1 second' + 'epoch'::timestamptz
              ORDER BY start_time DESC LIMIT 500`,
          ),
          queryRows(
            db,
            sql`SELECT count(*), sum(distance) FROM trips WHERE device_id = ${long.id}
              AND start_time >= ${days.startOfDay(longFrom) / 1000}::float8 * interval '1 second' + 'epoch'::timestamptz`,
          ),
        ]),
    );

    const figures: Omit<TripsFigures, 'bars'> = {
      database,
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadBefore,
        loadAfter: os.loadavg()[0]!,
      },
      build,
      summary,
      summaryByMonth,
      trips,
    };
    const all: TripsFigures = { ...figures, bars: bars(figures) };
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
