import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { DialogCreated, DialogMessage } from '@waymark/domain';
import type { BenchServer } from '../ingest/server';
import { login } from '../shared/login';
import { sendSteadilyWhile } from '../shared/send-positions';
import { LiveFleet, REPORT_EVERY_S } from './feed';
import { SCOUT_BENCH_EMAIL, SCOUT_BENCH_PASSWORD, seedScoutBench } from './seed';

/** One question of each kind the scale test asks of the 10,000-tracker account. */
const LATENCY_QUESTIONS = [
  'Which devices have not moved in 24 hours?',
  'Which devices are outside a geofence?',
  'Where is Unit 00002?',
  'Which trackers are low on battery?',
  'Which trackers are overdue?',
  'Which trackers are in geofence Depot?',
  'Which trackers are in group East Fleet?',
  'Which shipments are running late?',
  'Show Unit 00002 on the map',
  'Draw the area around Unit 00002',
  'How many units are moving right now?',
  'How far did Unit 00002 drive last week?',
  'Which unit drove the most yesterday?',
  'Which unit drove the most last week?',
  'How far did the fleet drive last week?',
];

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

/**
 * Scout at scale: `trackers` trackers around Chicago (seed.ts) reporting live through the real
 * pipeline (every tracker once per REPORT_EVERY_S), and for each question kind the p95 from the
 * message call to the final message on the dialog's socket over `runs` askings (bar 300 ms).
 */
export async function latencyAtScale(
  server: BenchServer,
  trackers: number,
  runs: number,
  log: (line: string) => void,
) {
  log(`seeding ${trackers} trackers (a week of drives) for the latency at scale`);
  const seeding = performance.now();
  const { accountId } = await seedScoutBench(server.ctx, trackers);
  log(`seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  const token = await login(server.httpUrl, SCOUT_BENCH_EMAIL, SCOUT_BENCH_PASSWORD);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const api = async <T>(path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.httpUrl}/api${path}`, { ...init, headers });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };
  // One dialog per question, its socket subscribed, then the question sent again.
  const socket = new WebSocket(`${server.realtimeUrl}?token=${token}`);
  const finals = new Map<number, () => void>();
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as { type: string; messages?: unknown[] };
    const frames = (frame.type === 'batch' ? frame.messages : [frame]) as {
      event?: string;
      data?: { dialog_id: number; message: DialogMessage };
    }[];
    for (const f of frames) {
      if (f.event === 'AiMessageCreated' && f.data?.message.stop_reason === 'stop')
        finals.get(f.data.dialog_id)?.();
    }
  });
  await new Promise((resolve) => socket.once('open', resolve));
  const latency: Record<string, number[]> = {};
  const askForLatency = async () => {
    for (const question of LATENCY_QUESTIONS) {
      const dialog = await api<DialogCreated>(`/v2/accounts/${accountId}/dialogs`, {
        method: 'POST',
        body: JSON.stringify({ message: question }),
      });
      socket.send(JSON.stringify({ type: 'subscribe', channel: `dialogs.${dialog.id}.messages` }));
      await server.ctx.jobs.idle();
      latency[question] = [];
      for (let run = 0; run < runs; run++) {
        const done = new Promise<void>((resolve) => finals.set(dialog.id, resolve));
        const started = performance.now();
        await api(`/v2/dialogs/${dialog.id}/messages`, {
          method: 'POST',
          body: JSON.stringify({ message: question }),
        });
        await done;
        latency[question].push(performance.now() - started);
      }
    }
  };
  // The fleet reports through the real pipeline while the questions are asked.
  let feeding = true;
  const feedStarted = performance.now();
  const feed = sendSteadilyWhile(
    server.ctx,
    new LiveFleet(trackers),
    trackers / REPORT_EVERY_S,
    () => feeding,
  );
  const readsBefore = server.ctx.scoutSnapshots.reads;
  try {
    await askForLatency();
  } finally {
    feeding = false;
  }
  const feedSeconds = (performance.now() - feedStarted) / 1000;
  const fed = await feed;
  const reads = server.ctx.scoutSnapshots.reads - readsBefore;
  await server.ctx.pipeline.flush();
  await server.ctx.bus.flush();
  socket.close();
  log(
    `live fleet while asking: ${fed} positions through the pipeline in ${feedSeconds.toFixed(0)} s, ` +
      `${(fed / feedSeconds).toFixed(0)}/s (${trackers} trackers every ${REPORT_EVERY_S} s); ` +
      `Scout read the trackers list ${reads} time(s) for ${LATENCY_QUESTIONS.length * (runs + 1)} answers`,
  );
  for (const [question, times] of Object.entries(latency))
    log(`${question.padEnd(45)} p95 ${p95(times).toFixed(0)} ms (bar 300 ms)`);
  log(`all questions p95 ${p95(Object.values(latency).flat()).toFixed(0)} ms (bar 300 ms)`);
}
