import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { realtimeChannels } from '@waymark/domain';
import { buildDevices, buildGeofences } from './ingest/fleet';
import { forkLoad } from './ingest/load-client';
import type { LoadDevice } from './ingest/load/tracker';
import { BENCH_EMAIL, BENCH_PASSWORD, seedBench } from './ingest/seed';
import { startBenchServer } from './ingest/server';
import { accountSettings } from '../apps/server/src/db/schema';
import { login } from './shared/login';
import { positiveInt } from './shared/options';
import type { ClientMinute, ClientStart } from './soak/client-load';

/**
 * `npm run soak -w bench [-- --minutes 30 --rate 5000 --postgres]` (issue 24, part of
 * `npm run test:soak`): trackers report at a steady rate through the whole pipeline while a
 * second process calls the API and asks Scout; every minute it prints the server's RSS, the
 * p99 from a tracker's socket to the browser's websocket, the API's p99 and every error. Fails
 * on any error, on a minute that fell short of its rate, and on memory that keeps growing.
 */

const log = (text: string) => console.log(`[soak] ${text}`);

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    minutes: { type: 'string' },
    rate: { type: 'string' },
    devices: { type: 'string' },
    postgres: { type: 'boolean', default: false },
  },
});
const MINUTES = positiveInt('minutes', values.minutes ?? process.env.SOAK_MINUTES, 30);
const RATE = positiveInt('rate', values.rate ?? process.env.SOAK_RATE, 5000);
const DEVICES = positiveInt('devices', values.devices, 5000);
const POSTGRES = values.postgres
  ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
  : undefined;
/** RSS may end this much above its level after the first minutes (warm caches), no more. */
const RSS_GROWTH_ALLOWED = 1.25;
/** Share of a minute's positions that reach the browser's websocket before the minute is summed. */
const MIN_REACHED = 0.99;

function forkClient() {
  const child = fork(fileURLToPath(new URL('./soak/client-load.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    start: (start: ClientStart) => child.send(start),
    minute: () =>
      new Promise<ClientMinute>((resolve) => {
        child.once('message', (message: { report: ClientMinute }) => resolve(message.report));
        child.send({ type: 'minute' });
      }),
    stop: () => {
      if (child.connected) child.send({ type: 'stop' });
    },
  };
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

async function main() {
  const fences = buildGeofences(200);
  const fleet = buildDevices(DEVICES, fences, { osmand: 0, gt06: 1, teltonika: 1 });
  log(
    `${MINUTES} min at ${RATE} positions/s, ${DEVICES} trackers, ${POSTGRES ? 'PostgreSQL' : 'PGlite'}`,
  );
  const server = await startBenchServer(POSTGRES);
  const load = forkLoad();
  const client = forkClient();
  const failures: string[] = [];
  try {
    const { db } = server.ctx.database;
    const { accountId, deviceIds } = await seedBench(db, fleet, fences);
    // Scout for the account, so the second process can ask it.
    await db
      .insert(accountSettings)
      .values({ account_id: accountId, code: 'ai_available', value: '1' });
    const token = await login(server.httpUrl, BENCH_EMAIL, BENCH_PASSWORD);
    const devices: LoadDevice[] = fleet.map((d, i) => ({
      id: deviceIds[i]!,
      serial: d.serial,
      protocol: d.protocol,
      track: d.track,
    }));
    const ready = await load.request(
      {
        type: 'init',
        target: {
          host: '127.0.0.1',
          ports: server.ports,
          baseTimeMs: Math.floor(Date.now() / 1000) * 1000 - 6 * 3600_000,
        },
        devices,
        positionsPerDevice: Math.ceil((RATE * 60) / devices.length),
        recordsPerPacket: 1,
        realtime: {
          url: server.realtimeUrl,
          token,
          channel: realtimeChannels.positions(accountId),
        },
      },
      'ready',
    );
    log(`${ready.connected} trackers connected (${ready.failed} failed)`);
    if (ready.failed > 0) failures.push(`${ready.failed} trackers could not connect`);
    client.start({
      type: 'start',
      httpUrl: server.httpUrl,
      token,
      accountId,
      deviceIds,
      apiPerSecond: 5,
      scoutPerMinute: 6,
    });

    const rss: number[] = [];
    log(
      'minute  positions/s  reached browser  p99 socket→browser  RSS     API calls  API p99  Scout asks  errors',
    );
    for (let m = 1; m <= MINUTES; m++) {
      const { summary } = await load.request(
        { type: 'latency', rate: RATE, seconds: 60 },
        'latency-done',
      );
      const minute = await client.minute();
      rss.push(process.memoryUsage().rss);
      const errors = minute.api.errors + minute.scout.errors;
      const reached = summary.received / Math.max(1, summary.sent);
      log(
        `${String(m).padStart(6)}  ${summary.rate.toFixed(0).padStart(11)}  ${`${(reached * 100).toFixed(2)} %`.padStart(15)}  ${`${summary.p99.toFixed(0)} ms`.padStart(18)}  ${`${mb(rss.at(-1)!)} MB`.padStart(6)}  ${String(minute.api.calls).padStart(9)}  ${`${minute.api.p99.toFixed(0)} ms`.padStart(7)}  ${String(minute.scout.asks).padStart(10)}  ${errors}`,
      );
      for (const error of minute.errors) failures.push(`minute ${m}: ${error}`);
      // The last moment's positions are still on their way when a minute is summed up.
      if (reached < MIN_REACHED) {
        failures.push(
          `minute ${m}: ${summary.sent - summary.received} positions never reached the browser`,
        );
      }
      if (summary.rate < RATE * 0.95) {
        failures.push(`minute ${m}: ${summary.rate.toFixed(0)} positions/s, below ${RATE}`);
      }
    }
    // The level after warm-up (the second minute, or the first of a short run) against the end.
    const settled = rss[Math.min(1, rss.length - 1)]!;
    const end = rss.at(-1)!;
    log(
      `RSS ${mb(settled)} MB after warm-up, ${mb(end)} MB at the end (×${(end / settled).toFixed(2)})`,
    );
    if (end > settled * RSS_GROWTH_ALLOWED) {
      failures.push(`RSS grew from ${mb(settled)} MB to ${mb(end)} MB`);
    }
  } finally {
    client.stop();
    await load.stop();
    await server.close();
  }
  if (failures.length > 0) {
    log(`FAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    log('passed: no errors, every minute at its rate, memory flat');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
