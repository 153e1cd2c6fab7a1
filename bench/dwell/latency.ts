import { performance } from 'node:perf_hooks';

export interface LatencyFigures {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  /** Size of one response body, bytes. */
  bytes: number;
  rows: number;
}

export const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/**
 * Sends the same GET one after another (a user waits for each answer) through the real HTTP
 * server and times each until the whole body has arrived. The first `warmUp` are not timed.
 */
export async function measureLatency(
  url: string,
  token: string,
  requests: number,
  warmUp = 10,
): Promise<LatencyFigures> {
  const headers = { authorization: `Bearer ${token}`, 'x-timezone': 'UTC' };
  const once = async () => {
    const response = await fetch(url, { headers });
    const body = await response.arrayBuffer();
    if (!response.ok) {
      throw new Error(`GET ${url} answered ${response.status}: ${Buffer.from(body).toString()}`);
    }
    return body;
  };
  let last = new ArrayBuffer(0);
  for (let i = 0; i < warmUp; i++) last = await once();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    last = await once();
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const rows = (JSON.parse(Buffer.from(last).toString()) as { data: unknown[] }).data.length;
  return {
    requests,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1]!,
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    bytes: last.byteLength,
    rows,
  };
}
