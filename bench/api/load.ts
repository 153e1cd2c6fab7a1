import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { commandCpuSeconds, cpuSeconds } from '../fleet/server-process';
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

interface RawAnswer {
  status: number;
  body: Buffer;
  gzipped: boolean;
}

/** Three lone requests: size of the answer and its time without other load. */
export async function probe(url: string, call: BenchCall, token: string): Promise<Probe> {
  let best = Infinity;
  let answer: RawAnswer = { status: 0, body: Buffer.alloc(0), gzipped: false };
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    answer = await rawGet(url, {
      authorization: `Bearer ${token}`,
      'accept-encoding': call.gzip ? 'gzip' : 'identity',
    });
    best = Math.min(best, performance.now() - started);
  }
  const json = answer.gzipped ? gunzipSync(answer.body) : answer.body;
  return {
    status: answer.status,
    bytes: answer.body.length,
    jsonBytes: json.length,
    aloneMs: best,
  };
}

/**
 * A GET whose body is read as sent: the lists are streamed (no content-length), so the bytes on
 * the wire are counted here rather than read from a header.
 */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<RawAnswer>((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          gzipped: response.headers['content-encoding'] === 'gzip',
        }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
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
  /** PostgreSQL's processes (when on this machine), the same way. */
  databaseCores: number;
  /** This process: autocannon receiving the answers. */
  loadCores: number;
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
  const databaseBefore = commandCpuSeconds('postgres');
  const loadBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url,
    connections,
    amount: connections * rounds,
    timeout: 60,
    setupClient: discardBodies,
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
    databaseCores: (commandCpuSeconds('postgres') - databaseBefore) / elapsed,
    loadCores: cpuTotalSeconds(process.cpuUsage(loadBefore)) / elapsed,
  };
}

/**
 * autocannon appends every answer's body to a string, for response hooks this bench does not
 * use (it still counts the bytes). For a 72 MB list, or a gzipped one decoded as UTF-8, that
 * took the load generator about half a core and held the answers back; measured without it,
 * p99 fell by 20–30 %. The bench measures the server, so the bodies are dropped as they come.
 */
function discardBodies(client: autocannon.Client) {
  (
    client as unknown as { pipelinedRequests: { addBody(data: unknown): void } }
  ).pipelinedRequests.addBody = () => undefined;
}

const cpuTotalSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;
