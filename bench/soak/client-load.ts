import { performance } from 'node:perf_hooks';
import { percentile } from '../ingest/latency';

/**
 * The soak's second client process (forked by soak.bench.ts): what people do while the
 * trackers report — the trackers list and map lists, one tracker's history, Scout questions —
 * at a steady pace, counted per minute and sent to the parent on request.
 */

interface Start {
  type: 'start';
  httpUrl: string;
  token: string;
  accountId: number;
  deviceIds: number[];
  /** API calls a second and Scout questions a minute. */
  apiPerSecond: number;
  scoutPerMinute: number;
}

interface Minute {
  api: { calls: number; errors: number; p99: number };
  scout: { asks: number; errors: number };
  errors: string[];
}

let minute: {
  api: number[];
  apiErrors: number;
  asks: number;
  scoutErrors: number;
  errors: string[];
} = { api: [], apiErrors: 0, asks: 0, scoutErrors: 0, errors: [] };
let running = true;

async function call(start: Start, path: string, init: RequestInit = {}) {
  const response = await fetch(`${start.httpUrl}/api${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${start.token}`,
      'content-type': 'application/json',
      'accept-encoding': 'gzip',
    },
  });
  const body = await response.arrayBuffer();
  if (!response.ok)
    throw new Error(
      `${init.method ?? 'GET'} ${path}: ${response.status} ${Buffer.from(body).toString().slice(0, 200)}`,
    );
  return body;
}

function paths(start: Start, i: number) {
  const device = start.deviceIds[i % start.deviceIds.length]!;
  const from = new Date(Date.now() - 3600_000).toISOString();
  const to = new Date().toISOString();
  return [
    `/accounts/${start.accountId}/device-list?with_current_position=1&format=rows`,
    `/accounts/${start.accountId}/current-positions?raw=1&format=rows`,
    `/accounts/${start.accountId}/devices/${device}/positions?date_from=${from}&date_to=${to}`,
    `/accounts/${start.accountId}/events?page=1`,
  ];
}

async function apiLoop(start: Start) {
  const gap = 1000 / start.apiPerSecond;
  for (let i = 0; running; i++) {
    const began = performance.now();
    const list = paths(start, i);
    try {
      await call(start, list[i % list.length]!);
      minute.api.push(performance.now() - began);
    } catch (error) {
      minute.apiErrors++;
      minute.errors.push((error as Error).message);
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, gap - (performance.now() - began))),
    );
  }
}

const QUESTIONS = [
  'Which devices have not moved in 24 hours?',
  'Which trackers are low on battery?',
  'Where is Soak 1?',
];

async function scoutLoop(start: Start) {
  const gap = 60_000 / start.scoutPerMinute;
  for (let i = 0; running; i++) {
    const began = performance.now();
    try {
      await call(start, `/v2/accounts/${start.accountId}/dialogs`, {
        method: 'POST',
        body: JSON.stringify({ message: QUESTIONS[i % QUESTIONS.length] }),
      });
      minute.asks++;
    } catch (error) {
      minute.scoutErrors++;
      minute.errors.push((error as Error).message);
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, gap - (performance.now() - began))),
    );
  }
}

process.on('message', (message: Start | { type: 'minute' } | { type: 'stop' }) => {
  if (message.type === 'start') {
    void apiLoop(message);
    void scoutLoop(message);
  } else if (message.type === 'minute') {
    const sorted = minute.api.sort((a, b) => a - b);
    const report: Minute = {
      api: {
        calls: sorted.length + minute.apiErrors,
        errors: minute.apiErrors,
        p99: percentile(sorted, 99),
      },
      scout: { asks: minute.asks, errors: minute.scoutErrors },
      errors: minute.errors.slice(0, 5),
    };
    minute = { api: [], apiErrors: 0, asks: 0, scoutErrors: 0, errors: [] };
    process.send!({ type: 'minute', report });
  } else {
    running = false;
    process.disconnect();
  }
});

export type ClientStart = Start;
export type ClientMinute = Minute;
