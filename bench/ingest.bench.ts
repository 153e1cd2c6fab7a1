import { execSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { realtimeChannels } from '@waymark/domain';
import { bareCopyRate } from './ingest/copy-phase';
import { buildDevices, buildGeofences } from './ingest/fleet';
import { forkLoad } from './ingest/load-client';
import type { LoadDevice } from './ingest/load/tracker';
import { parseOptions } from './ingest/options';
import { bars, printFigures, writeFigures, type IngestFigures } from './ingest/report';
import { benchLogin, seedBench } from './ingest/seed';
import { sampleRss } from './ingest/memory';
import { throughputPhase } from './ingest/throughput-phase';
import { measuresComparison } from './ingest/measures-phase';
import { startBenchServer } from './ingest/server';

/**
 * `npm run bench:ingest [-- --postgres]`: simulated trackers send positions over TCP through
 * the whole pipeline; prints end-to-end positions/s, the same database's bare COPY rate, their
 * ratio, socket-to-websocket latency at a steady rate, and peak memory. Prints, never fails.
 */

/**
 * Throughput the load process pre-encodes frames for before the clock starts; a tracker that
 * gets through its stock encodes more on demand.
 */
const ENCODE_FOR_RATE = 40_000;
/** Descriptors kept free for the database, HTTP, websocket and the listeners themselves. */
const FD_RESERVE = 256;
/** The mix: GT06 and Teltonika carry the load, OsmAnd phones a share over HTTP. */
const MIX = { osmand: 1, gt06: 5, teltonika: 5 };

const log = (text: string) => console.log(`[bench] ${text}`);

function openFileLimit() {
  try {
    return Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim()) || 1024;
  } catch {
    return 1024;
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2), process.env);
  const database = options.postgresUrl ? 'postgres' : 'pglite';
  const fences = buildGeofences(options.geofences);
  const fleet = buildDevices(options.devices, fences, MIX);
  // Each connection is one descriptor here and one in the load process (same limit).
  const limit = openFileLimit();
  const connectable = Math.min(fleet.length, Math.max(0, limit - FD_RESERVE));
  if (connectable < fleet.length) {
    log(`ulimit -n is ${limit}: connecting ${connectable} of ${fleet.length} devices`);
  }

  const loadBefore = os.loadavg()[0]!;
  log(`starting the server on ${database}`);
  const server = await startBenchServer(options.postgresUrl);
  const { ctx } = server;
  const rss = sampleRss();
  const load = forkLoad();
  // Ctrl-C still drops the run's database and stops the load process.
  const interrupt = () =>
    void load
      .stop()
      .then(server.close)
      .finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const seeded = performance.now();
    const { accountId, deviceIds } = await seedBench(ctx.database.db, fleet, fences);
    log(
      `seeded ${fleet.length} devices, ${fences.length} geofences in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    rss.phase('connect');
    const token = await benchLogin(server.httpUrl);
    const baseTimeMs = Math.floor(Date.now() / 1000) * 1000 - 6 * 3600_000;
    const devices: LoadDevice[] = fleet.map((d, i) => ({
      id: deviceIds[i]!,
      serial: d.serial,
      protocol: d.protocol,
      track: d.track,
    }));

    const ready = await load.request(
      {
        type: 'init',
        target: { host: '127.0.0.1', ports: server.ports, baseTimeMs },
        devices: devices.slice(0, connectable),
        positionsPerDevice: Math.ceil((ENCODE_FOR_RATE * options.seconds) / connectable),
        recordsPerPacket: options.recordsPerPacket,
        realtime: {
          url: server.realtimeUrl,
          token,
          channel: realtimeChannels.positions(accountId),
        },
      },
      'ready',
    );
    log(
      `${ready.connected} trackers logged in (${ready.failed} failed) in ${(ready.connectMs / 1000).toFixed(1)} s; frames encoded in ${(ready.encodeMs / 1000).toFixed(1)} s`,
    );

    log(`throughput: sending as fast as acks allow for ${options.seconds} s`);
    rss.phase('throughput');
    const throughput = await throughputPhase(ctx, load, options.seconds);
    log(`${throughput.acked} positions acknowledged to trackers, ${throughput.stored} stored`);

    let measures = null;
    if (options.measuresSeconds > 0) {
      log(
        `measures: ${options.measuresSeconds} s phases without and with the filter, trips and summaries steps, alternated`,
      );
      rss.phase('measures');
      measures = await measuresComparison(ctx, load, options.measuresSeconds);
    }

    log(`bare COPY of ${options.copyRows} rows`);
    rss.phase('bare COPY');
    const copy = await bareCopyRate(ctx.database, devices, accountId, options.copyRows, baseTimeMs);

    log(`latency: ${options.rate} positions/s for ${options.latencySeconds} s`);
    rss.phase('latency');
    const { summary } = await load.request(
      { type: 'latency', rate: options.rate, seconds: options.latencySeconds },
      'latency-done',
    );

    const byProtocol: Record<string, number> = {};
    for (const d of fleet) byProtocol[d.protocol] = (byProtocol[d.protocol] ?? 0) + 1;
    const figures: Omit<IngestFigures, 'bars'> = {
      database,
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadBefore,
        loadAfter: os.loadavg()[0]!,
      },
      devices: {
        seeded: fleet.length,
        connected: ready.connected,
        failed: ready.failed,
        byProtocol,
      },
      geofences: fences.length,
      throughput,
      bareCopy: copy,
      ratio: throughput.rate / copy.rate,
      measures,
      latency: { ...summary, targetRate: options.rate },
      peakRssMb: rss.peakRss / 2 ** 20,
      peakRssMbByPhase: rss.peaksMb,
    };
    const all: IngestFigures = { ...figures, bars: bars(figures) };
    printFigures(all);
    log(`figures written to ${writeFigures(all)}`);
  } finally {
    rss.stop();
    await load.stop();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
