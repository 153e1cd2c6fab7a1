import autocannon from 'autocannon';
import { cpuSeconds } from '../fleet/server-process';
import type { BenchCall } from './calls';

export interface Probe {
  status: number;
  /** Body bytes as sent (gzipped for gzip calls). */
  bytes: number;
  /** Uncompressed JSON bytes. */
  jsonBytes: number;
  /** Fastest of three lone requests. */
  aloneMs: number;
}

/** Three lone requests: size of the answer and its time without other load. */
export async function probe(url: string, call: BenchCall, token: string): Promise<Probe> {
  let best = Infinity;
  let status = 0;
  let bytes = 0;
  let jsonBytes = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    // fetch decompresses by itself; ask for the raw length through content-length below.
    const response = await fetch(url, {
      headers: {
        authorization: `Bearer ${token}`,
        'accept-encoding': call.gzip ? 'gzip' : 'identity',
      },
    });
    const text = await response.text();
    best = Math.min(best, performance.now() - started);
    status = response.status;
    jsonBytes = Buffer.byteLength(text);
    bytes = Number(response.headers.get('content-length') ?? jsonBytes);
  }
  return { status, bytes, jsonBytes, aloneMs: best };
}

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Server process CPU during the run, in cores (1 = one core busy). */
  serverCores: number;
}

/**
 * autocannon from this process against the server process: `rounds` requests per connection
 * (a fixed count, since a list may take seconds and a time window could end with none done).
 */
export async function load(
  url: string,
  call: BenchCall,
  token: string,
  connections: number,
  rounds: number,
  serverPid: number,
): Promise<LoadResult> {
  const cpuBefore = cpuSeconds(serverPid);
  const started = performance.now();
  const result = await autocannon({
    url,
    connections,
    amount: connections * rounds,
    timeout: 60,
    headers: {
      authorization: `Bearer ${token}`,
      ...(call.gzip ? { 'accept-encoding': 'gzip' } : {}),
    },
  });
  const elapsed = (performance.now() - started) / 1000;
  return {
    connections,
    seconds: elapsed,
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / elapsed,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCores: (cpuSeconds(serverPid) - cpuBefore) / elapsed,
  };
}
