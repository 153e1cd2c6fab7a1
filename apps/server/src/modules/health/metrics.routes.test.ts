import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTION_LIMITS } from '../../ingest/connection-limits';
import { startListeners } from '../../ingest/listeners';
import { encodeGt06Login } from '../../ingest/protocols/gt06/gt06.device';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

/**
 * Issue 39 item 11's "metrics of refused and timed-out connections", read from outside: a
 * connection refused at the per-address limit shows in `GET /api/metrics` under its listener,
 * in Prometheus's text format, for platform admins only.
 */
let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
let root: { authorization: string };
let customerAdmin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  ingest = await startListeners(t.ctx, { osmand: 0, gt06: 0, teltonika: 0 }, t.app.log, {
    ...DEFAULT_CONNECTION_LIMITS,
    perAddress: 1,
  });
  const platformAdmin = await createUser(t, { is_gpx_admin: true });
  root = await authHeader(t, platformAdmin.email);
  const account = await createAccount(t);
  customerAdmin = await authHeader(t, (await createUser(t, { account })).email);
});
afterAll(async () => {
  await ingest.close();
  await t.close();
});

/** A GT06 connection: 'served' once the login is acknowledged, 'closed' if the server hangs up. */
function gt06Login(port: number, imei: string) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.on('error', () => {});
  const outcome = new Promise<'served' | 'closed'>((resolve) => {
    socket.once('data', () => resolve('served'));
    socket.once('close', () => resolve('closed'));
  });
  socket.once('connect', () => socket.write(encodeGt06Login(imei, 1)));
  return { socket, outcome };
}

const metrics = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/metrics', headers });

/** The value of one sample line, e.g. `waymark_ingest_connections_total{listener="gt06"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/metrics', () => {
  it('counts a connection refused at the per-address limit under its listener', async () => {
    const port = ingest.listeners.gt06.port;
    const first = gt06Login(port, '359710049100001');
    expect(await first.outcome).toBe('served');
    const second = gt06Login(port, '359710049100002');
    expect(await second.outcome).toBe('closed');

    const response = await metrics(root);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toContain('# TYPE waymark_ingest_refused_per_address_total counter');
    expect(sample(text, 'waymark_ingest_refused_per_address_total{listener="gt06"}')).toBe(1);
    expect(sample(text, 'waymark_ingest_refused_per_address_total{listener="teltonika"}')).toBe(0);
    // Connections served: the refused one is counted as refused only.
    expect(sample(text, 'waymark_ingest_connections_total{listener="gt06"}')).toBe(1);
    expect(sample(text, 'waymark_ingest_idle_timeouts_total{listener="osmand"}')).toBe(0);
    expect(sample(text, 'waymark_pipeline_stored_total')).toBe(t.ctx.pipeline.stats.stored);
    first.socket.destroy();
  });

  it('is for platform admins: 403 for a customer admin, 401 without a token', async () => {
    expect((await metrics(customerAdmin)).statusCode).toBe(403);
    expect((await metrics()).statusCode).toBe(401);
  });
});
