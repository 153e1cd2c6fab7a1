import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FromLoad, LoadInit, ToLoad } from './ipc';
import { subscribePositions, summarise } from './latency';
import { Gt06Load } from './load/gt06';
import { OsmAndLoad } from './load/osmand';
import { TeltonikaLoad } from './load/teltonika';
import { latencyKey, type LoadTracker } from './load/tracker';

/**
 * The load generator, forked by ingest.bench.ts so that encoding, sending and reading acks do
 * not run on the server's event loop. It waits for orders over IPC and answers with figures.
 */

const CONNECT_CONCURRENCY = 256;
/** How long the latency phase waits for the websocket to deliver the last positions. */
const LATENCY_GRACE_MS = 3000;
/** The first seconds of the throughput phase, when every tracker starts at once, are not steady. */
const STEADY_AFTER_S = 3;

let trackers: LoadTracker[] = [];
let init: LoadInit | undefined;

const send = (message: FromLoad) => process.send?.(message);

async function connectAll(all: LoadTracker[]) {
  const connected: LoadTracker[] = [];
  let failed = 0;
  for (let i = 0; i < all.length; i += CONNECT_CONCURRENCY) {
    const slice = all.slice(i, i + CONNECT_CONCURRENCY);
    const results = await Promise.allSettled(slice.map((t) => t.connect()));
    results.forEach((r, j) => (r.status === 'fulfilled' ? connected.push(slice[j]!) : failed++));
  }
  return { connected, failed };
}

async function start(message: LoadInit) {
  init = message;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const all = message.devices.map((device): LoadTracker => {
    if (device.protocol === 'gt06') return new Gt06Load(device, message.target);
    if (device.protocol === 'teltonika')
      return new TeltonikaLoad(device, message.target, message.recordsPerPacket);
    return new OsmAndLoad(device, message.target, agent);
  });
  const t0 = performance.now();
  const { connected, failed } = await connectAll(all);
  const t1 = performance.now();
  for (const tracker of connected) tracker.prepare(message.positionsPerDevice);
  trackers = connected;
  send({
    type: 'ready',
    connected: connected.length,
    failed,
    connectMs: t1 - t0,
    encodeMs: performance.now() - t1,
  });
}

async function throughput(seconds: number) {
  const startedAt = performance.now();
  const cpu = process.cpuUsage();
  const deadline = Date.now() + seconds * 1000;
  // Acked means stored. Counted here, on an event loop the server does not share, the steady
  // rate (past the warm-up, before the drain) is read even while the server's loop is saturated.
  let total = 0;
  const marks: number[] = [];
  const mark = () => marks.push(total);
  const timers = [STEADY_AFTER_S * 1000, seconds * 1000].map((ms) => setTimeout(mark, ms));
  const acked = await Promise.all(trackers.map((t) => t.blast(deadline, (n) => (total += n))));
  for (const timer of timers) clearTimeout(timer);
  const used = process.cpuUsage(cpu);
  const [from, to] = marks;
  send({
    type: 'throughput-done',
    acked: acked.reduce((a, b) => a + b, 0),
    elapsedMs: performance.now() - startedAt,
    cpuMs: (used.user + used.system) / 1000,
    steadyRate:
      from !== undefined && to !== undefined ? (to - from) / (seconds - STEADY_AFTER_S) : NaN,
  });
}

async function latency(rate: number, seconds: number) {
  if (!init) throw new Error('latency before init');
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const socket = await subscribePositions(init.realtime, (deviceId, timestamp) => {
    const key = latencyKey(deviceId, timestamp);
    const at = sentAt.get(key);
    if (at === undefined) return;
    latencies.push(performance.now() - at);
    sentAt.delete(key);
  });
  let sent = 0;
  let skipped = 0;
  let cursor = 0;
  const startedAt = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (performance.now() - startedAt) / 1000;
      const due = Math.floor(rate * Math.min(elapsed, seconds)) - sent - skipped;
      for (let i = 0; i < due; i++) {
        const tracker = trackers[cursor++ % trackers.length]!;
        const at = performance.now();
        const key = tracker.sendNext();
        if (key === undefined) skipped++;
        else {
          sentAt.set(key, at);
          sent++;
        }
      }
      if (elapsed >= seconds) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const graceUntil = performance.now() + LATENCY_GRACE_MS;
  while (sentAt.size > 0 && performance.now() < graceUntil) {
    await new Promise((r) => setTimeout(r, 50));
  }
  socket.close();
  send({ type: 'latency-done', summary: summarise(latencies, { sent, skipped, seconds }) });
}

process.on('message', (message: ToLoad) => {
  const run = async () => {
    if (message.type === 'init') await start(message);
    else if (message.type === 'throughput') await throughput(message.seconds);
    else if (message.type === 'latency') await latency(message.rate, message.seconds);
    else {
      for (const tracker of trackers) tracker.close();
      process.exit(0);
    }
  };
  run().catch((error: unknown) => {
    send({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  });
});
