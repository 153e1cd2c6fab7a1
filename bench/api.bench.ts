import os from 'node:os';
import { CALLS } from './api/calls';
import { load, probe } from './api/load';
import { parseApiOptions } from './api/options';
import { P99_BAR_MS, printApiFigures, writeApiFigures, type CallFigures } from './api/report';
import { benchDatabase } from './fleet/postgres';
import { fleetLogin, seedFleet } from './fleet/seed-fleet';
import { startServerProcess } from './fleet/server-process';

/**
 * `npm run bench:api [-- --devices N --rounds N --connections 1,4 --calls a,b]`: an account
 * of 100,000 trackers with current positions on the machine's PostgreSQL (a database made for
 * the run and dropped after), the real server in its own process, and autocannon in this one loading
 * current-positions and device-list (and the versioned path) as an admin. Prints latency
 * percentiles, requests/s and bytes per tracker against the 1 s p99 bar; never fails.
 */

const log = (text: string) => console.log(`[bench:api] ${text}`);

async function main() {
  const options = parseApiOptions(process.argv.slice(2), process.env);
  const loadBefore = os.loadavg();
  const database = await benchDatabase(options.postgresUrl, 'api');
  log(`database ${database.name}`);
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  const cleanUp = async () => {
    await server?.stop();
    await database.drop();
  };
  const interrupt = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    // The server migrates the new database as it starts; the fleet goes in after.
    server = await startServerProcess({ databaseUrl: database.url });
    const seedStart = performance.now();
    const fleet = await seedFleet(database.url, options.devices);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    log(`seeded ${options.devices} trackers in ${seedSeconds.toFixed(1)} s`);
    const token = await fleetLogin(server.url);

    const calls: CallFigures[] = [];
    const chosen = options.calls ? CALLS.filter((c) => options.calls!.includes(c.name)) : CALLS;
    if (chosen.length === 0) throw new Error(`no such calls: ${options.calls?.join(', ')}`);
    for (const call of chosen) {
      const url = `${server.url}${call.path(fleet.accountId)}`;
      const p = await probe(url, call, token);
      if (p.status !== 200) throw new Error(`${call.name} answered ${p.status}`);
      const figures: CallFigures = {
        name: call.name,
        path: call.path(fleet.accountId),
        usedByWebApp: call.usedByWebApp ?? false,
        gzip: call.gzip ?? false,
        probe: p,
        bytesPerDevice: p.bytes / options.devices,
        jsonBytesPerDevice: p.jsonBytes / options.devices,
        runs: [],
      };
      for (const connections of options.connections) {
        log(`${call.name}: ${connections} connection(s) × ${options.rounds} requests`);
        const r = await load(url, call, token, connections, options.rounds, server.pid);
        figures.runs.push({ ...r, p99Ratio: r.p99 / P99_BAR_MS, met: r.p99 < P99_BAR_MS });
      }
      calls.push(figures);
    }

    const figures = {
      database: 'postgres' as const,
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadBefore,
        loadAfter: os.loadavg(),
      },
      devices: options.devices,
      seedSeconds,
      calls,
      bar: `p99 < ${P99_BAR_MS} ms for the full list`,
    };
    printApiFigures(figures);
    log(`figures written to ${writeApiFigures(figures)}`);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
