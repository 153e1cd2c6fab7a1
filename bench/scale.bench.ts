import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { realtimeChannels } from '@waymark/domain';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client';
import { bareCopyRate } from './ingest/copy-phase';
import { buildDevices, buildGeofences } from './ingest/fleet';
import { forkLoad } from './ingest/load-client';
import type { LoadDevice } from './ingest/load/tracker';
import { benchLogin, seedBench } from './ingest/seed';
import { admin, withDatabase } from './ingest/server';
import { freePort } from '../apps/server/src/test/server-process';
import { positiveInt } from './shared/options';
import { sampleProcesses } from './scale/process-memory';
import { describeSetUp, startSetUp, type SetUp } from './scale/set-up';

/**
 * `npm run bench:scale [-- --pairs 1,2,4 --devices 3000 --seconds 20]` (issue 40): the same
 * fleet through the one process of `npm start` on PostgreSQL, then through N ingest + N worker
 * processes on the position stream (`npm run cluster`), each on a new database of the
 * machine's PostgreSQL and the machine's NATS. Per set-up: positions stored per second end to
 * end (trackers sending as fast as acks allow, until the last acknowledged report is stored),
 * the ratio to the same database's bare COPY measured in the same run, socket-to-websocket
 * latency at a steady rate, and each process's peak memory. Prints, never fails.
 */

const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NATS = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const MIX = { osmand: 1, gt06: 5, teltonika: 5 };
const ENCODE_FOR_RATE = 40_000;

const log = (text: string) => console.log(`[bench] ${text}`);

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      pairs: { type: 'string', default: '1,2,4' },
      devices: { type: 'string' },
      geofences: { type: 'string' },
      seconds: { type: 'string' },
      rate: { type: 'string' },
      'latency-seconds': { type: 'string' },
      'copy-rows': { type: 'string' },
    },
  });
  const pairs = values.pairs.split(',').map((p) => positiveInt('pairs', p.trim(), 1));
  return {
    setUps: [{ kind: 'one' } as SetUp, ...pairs.map((n): SetUp => ({ kind: 'split', pairs: n }))],
    devices: positiveInt('devices', values.devices, 3000),
    geofences: positiveInt('geofences', values.geofences, 500),
    seconds: positiveInt('seconds', values.seconds, 20),
    rate: positiveInt('rate', values.rate, 5000),
    latencySeconds: positiveInt('latency-seconds', values['latency-seconds'], 15),
    copyRows: positiveInt('copy-rows', values['copy-rows'], 200_000),
  };
}

async function storedCount(database: Database) {
  const [row] = await queryRows<{ n: string }>(
    database.db,
    sql`SELECT count(*) AS n FROM positions`,
  );
  return Number(row?.n ?? 0);
}

async function measure(setUp: SetUp, o: ReturnType<typeof options>) {
  const name = `waymark_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(POSTGRES, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(POSTGRES, name) });
  const load = forkLoad();
  let stopSetUp: () => Promise<unknown> = () => Promise.resolve();
  try {
    await database.migrate();
    const fences = buildGeofences(o.geofences);
    const fleet = buildDevices(o.devices, fences, MIX);
    const { accountId, deviceIds } = await seedBench(database.db, fleet, fences);
    const httpPort = await freePort();
    const running = await startSetUp(setUp, {
      databaseUrl: withDatabase(POSTGRES, name),
      busUrl: NATS,
      prefix: `scale_${randomBytes(4).toString('hex')}`,
      httpPort,
    });
    stopSetUp = running.stop;
    const memory = sampleProcesses(running.pids);
    const token = await benchLogin(running.httpUrl);
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
        target: { host: '127.0.0.1', ports: running.ports, baseTimeMs },
        devices,
        positionsPerDevice: Math.ceil((ENCODE_FOR_RATE * o.seconds) / devices.length),
        recordsPerPacket: 25,
        realtime: {
          url: running.realtimeUrl,
          token,
          channel: realtimeChannels.positions(accountId),
        },
      },
      'ready',
    );
    log(`${describeSetUp(setUp)}: ${ready.connected} trackers connected (${ready.failed} failed)`);

    memory.phase('throughput');
    const before = await storedCount(database);
    const started = performance.now();
    const done = await load.request({ type: 'throughput', seconds: o.seconds }, 'throughput-done');
    // Split, a report is acknowledged once JetStream holds it: the run ends when the workers
    // have stored the last one.
    const target = before + done.acked;
    let stored = await storedCount(database);
    let lastChange = performance.now();
    while (stored < target && performance.now() - lastChange < 10_000) {
      await new Promise((r) => setTimeout(r, 100));
      const now = await storedCount(database);
      if (now !== stored) lastChange = performance.now();
      stored = now;
    }
    const elapsedMs = performance.now() - started;
    const rate = ((stored - before) * 1000) / elapsedMs;

    memory.phase('latency');
    const { summary } = await load.request(
      { type: 'latency', rate: o.rate, seconds: o.latencySeconds },
      'latency-done',
    );
    memory.phase('after');
    await stopSetUp();
    stopSetUp = () => Promise.resolve();
    memory.stop();
    const copy = await bareCopyRate(database, devices, accountId, o.copyRows, baseTimeMs);
    return {
      setUp: describeSetUp(setUp),
      processes: running.pids.length,
      acked: done.acked,
      stored: stored - before,
      lost: target - stored,
      seconds: elapsedMs / 1000,
      rate,
      bareCopy: copy.rate,
      ratioToCopy: rate / copy.rate,
      latency: summary,
      memoryMb: memory.peaksMb(),
    };
  } finally {
    await load.stop();
    await stopSetUp();
    await database.close();
    await admin(POSTGRES, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function main() {
  const o = options();
  log(
    `${o.devices} trackers, ${o.seconds} s as fast as acks allow, then ${o.rate} positions/s for ${o.latencySeconds} s; ${os.cpus().length} cores`,
  );
  const results = [];
  for (const setUp of o.setUps) {
    log(`starting ${describeSetUp(setUp)}`);
    const result = await measure(setUp, o);
    results.push(result);
    log(
      `${result.setUp}: ${Math.round(result.rate)} positions/s end to end (${(result.ratioToCopy * 100).toFixed(0)} % of bare COPY ${Math.round(result.bareCopy)}/s), latency p99 ${Math.round(result.latency.p99)} ms at ${Math.round(result.latency.rate)}/s, largest process ${result.memoryMb.throughput?.largest ?? 0} MB`,
    );
  }
  const one = results[0]!;
  console.log('\nset-up                     pos/s  × one  % COPY  p99 ms  max MB/process');
  for (const r of results) {
    const largest = Math.max(...Object.values(r.memoryMb).map((p) => p.largest));
    console.log(
      `${r.setUp.padEnd(24)} ${String(Math.round(r.rate)).padStart(8)}  ${(r.rate / one.rate).toFixed(2).padStart(5)}  ${(r.ratioToCopy * 100).toFixed(0).padStart(5)} %  ${String(Math.round(r.latency.p99)).padStart(6)}  ${String(largest).padStart(6)}`,
    );
  }
  const dir = new URL('./results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL('scale-postgres.json', dir);
  writeFileSync(
    file,
    JSON.stringify(
      { at: new Date().toISOString(), cpus: os.cpus().length, options: o, results },
      null,
      2,
    ) + '\n',
  );
  log(`figures written to ${file.pathname}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
