import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { measureGeofenceStep } from './dwell/geofence-step';
import { measureLatency } from './dwell/latency';
import { parseOptions } from './dwell/options';
import { measureQuery } from './dwell/query-only';
import { bars, printFigures, writeFigures, type DwellFigures } from './dwell/report';
import { DWELL_BENCH_EMAIL, DWELL_BENCH_PASSWORD, seedDwellBench } from './dwell/seed';
import { startBenchServer } from './ingest/server';

/**
 * `npm run bench:dwell [-- --pglite]`: an account with 2,000 geofences, 10,000 devices and 90
 * days of visits; times the dwell table through the real HTTP route (p50/p99 against the
 * 300 ms bar), then the pipeline's geofence step with 10,000 geofences in one account
 * (checks/s against 100,000). Prints and writes bench/results/dwell-<database>.json; never fails.
 */

const log = (text: string) => console.log(`[bench] ${text}`);

async function login(httpUrl: string) {
  const response = await fetch(`${httpUrl}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DWELL_BENCH_EMAIL, password: DWELL_BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`POST /api/token answered ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function busiestGeofence(url: string, token: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await response.json()) as { data: { id: number; devices_count: number }[] };
  return data.reduce((a, b) => (b.devices_count > a.devices_count ? b : a)).id;
}

async function main() {
  const options = parseOptions(process.argv.slice(2), process.env);
  const database = options.postgresUrl ? 'postgres' : 'pglite';
  const loadBefore = os.loadavg()[0]!;
  log(`starting the server on ${database}`);
  const server = await startBenchServer(options.postgresUrl);
  const interrupt = () => void server.close().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const seeded = performance.now();
    const data = await seedDwellBench(server.ctx.database, options);
    const seedSeconds = (performance.now() - seeded) / 1000;
    log(`seeded ${data.visits} visits in ${seedSeconds.toFixed(1)} s`);
    const token = await login(server.httpUrl);
    const tableUrl = `${server.httpUrl}/api/accounts/${data.accountId}/dwell/geofences`;

    log(`dwell table, period 90: ${options.requests} requests one after another`);
    const table90 = await measureLatency(`${tableUrl}?period=90`, token, options.requests);
    log('the same SQL without HTTP');
    const query90 = await measureQuery(
      server.ctx.database.db,
      data.userId,
      data.accountId,
      90,
      options.requests,
    );
    log(`dwell table, period 30`);
    const table30 = await measureLatency(`${tableUrl}?period=30`, token, options.requests);
    const busiest = await busiestGeofence(`${tableUrl}?period=30`, token);
    log(`devices of the busiest geofence (${busiest})`);
    const devicesOfBusiest = await measureLatency(
      `${tableUrl}/${busiest}/devices`,
      token,
      options.requests,
    );

    log(`geofence step: ${options.stepGeofences} geofences, ${options.stepPositions} positions`);
    const step = measureGeofenceStep(options.stepGeofences, options.stepPositions);

    const figures: Omit<DwellFigures, 'bars'> = {
      database,
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadBefore,
        loadAfter: os.loadavg()[0]!,
      },
      data: {
        geofences: options.geofences,
        devices: options.devices,
        days: options.days,
        visits: data.visits,
        openVisits: data.openVisits,
      },
      seedSeconds,
      table90,
      query90,
      table30,
      devicesOfBusiest,
      step,
    };
    const all: DwellFigures = { ...figures, bars: bars(figures) };
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
