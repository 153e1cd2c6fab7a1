import http from 'node:http';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { startListeners } from './listeners';
import { encodeGt06Login } from './protocols/gt06/gt06.device';
import {
  DEFAULT_CONNECTION_LIMITS,
  openFilesLimit,
  type ConnectionLimits,
} from './connection-limits';

/**
 * Issue 39 item 11, over real sockets: the server closes connections beyond the per-address
 * limit, the listener's maximum and the descriptor budget; a slow sender at the frame
 * deadline; a quiet one after the idle timeout. Small configured values, never timings.
 */
let t: TestApp;
const silent = { child: () => silent, info() {}, warn() {}, error() {}, debug() {} };
const log = silent as unknown as FastifyBaseLogger;
const open: Awaited<ReturnType<typeof startListeners>>[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const ingest of open) await ingest.close();
  await t.close();
});

async function listen(limits: Partial<ConnectionLimits>) {
  const ingest = await startListeners(
    { pipeline: t.ctx.pipeline, bus: t.ctx.bus },
    { osmand: 0, gt06: 0, teltonika: 0 },
    log,
    { ...DEFAULT_CONNECTION_LIMITS, ...limits },
  );
  open.push(ingest);
  return ingest;
}

/** A device's connection from `from` (any 127.x address is this machine's loopback). */
async function connect(port: number, from = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  let received = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  socket.on('error', () => {});
  const closed = new Promise<'closed'>((resolve) => socket.once('close', () => resolve('closed')));
  await new Promise((resolve) => socket.once('connect', resolve));
  return {
    socket,
    closed,
    /** Logs in as a GT06 and resolves with 'served' once the server acknowledged it. */
    login: (imei: string) =>
      new Promise<'served' | 'closed'>((resolve) => {
        socket.write(encodeGt06Login(imei, 1));
        const check = () => (received.length >= 10 ? resolve('served') : undefined);
        socket.on('data', check);
        void closed.then(resolve);
      }),
  };
}

let imeiSeq = 0;
const imei = () => String(359_710_049_000_000 + imeiSeq++);

describe('connection limits', () => {
  it('closes connections beyond the per-address limit; other addresses still get in', async () => {
    const ingest = await listen({ perAddress: 3 });
    const port = ingest.listeners.gt06.port;
    const kept = await Promise.all([1, 2, 3].map(() => connect(port)));
    for (const c of kept) expect(await c.login(imei())).toBe('served');
    const beyond = await Promise.all([1, 2].map(() => connect(port)));
    for (const c of beyond) expect(await c.login(imei())).toBe('closed');
    const elsewhere = await connect(port, '127.0.0.2');
    expect(await elsewhere.login(imei())).toBe('served');
    expect(ingest.listeners.gt06.metrics.refusedPerAddress).toBe(2);

    // A closed connection frees its place.
    kept[0]!.socket.destroy();
    await kept[0]!.closed;
    await expect.poll(async () => (await connect(port)).login(imei())).toBe('served');
  });

  it("closes connections beyond the listener's maximum, whatever their address", async () => {
    const ingest = await listen({ perListener: 4 });
    const port = ingest.listeners.teltonika.port;
    const kept = await Promise.all([1, 2, 3, 4].map((i) => connect(port, `127.0.1.${i}`)));
    const beyond = await connect(port, '127.0.1.9');
    expect(await beyond.closed).toBe('closed');
    expect(kept.every((c) => !c.socket.destroyed)).toBe(true);
    expect(ingest.listeners.teltonika.metrics.refusedListenerFull).toBe(1);
    // Another listener of the process is not full.
    const gt06 = await connect(ingest.listeners.gt06.port, '127.0.1.9');
    expect(await gt06.login(imei())).toBe('served');
  });

  it('leaves the reserved descriptors to HTTP and the database, across listeners', async () => {
    const limit = openFilesLimit();
    expect(limit).toBeGreaterThan(100);
    // Whatever else this process holds, device sockets together may take only three.
    const ingest = await listen({ reservedDescriptors: limit! - 3 });
    const a = await connect(ingest.listeners.gt06.port);
    const b = await connect(ingest.listeners.gt06.port, '127.0.2.1');
    const c = await connect(ingest.listeners.teltonika.port, '127.0.2.2');
    expect(await a.login(imei())).toBe('served');
    expect(await b.login(imei())).toBe('served');
    const beyond = await connect(ingest.listeners.teltonika.port, '127.0.2.3');
    expect(await beyond.closed).toBe('closed');
    expect(c.socket.destroyed).toBe(false);
    expect(ingest.listeners.teltonika.metrics.refusedDescriptors).toBe(1);
    // The HTTP API still answers.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('timeouts', () => {
  it('closes a sender whose started frame is not complete by the deadline', async () => {
    const ingest = await listen({ frameDeadlineMs: 300 });
    const c = await connect(ingest.listeners.gt06.port);
    const frame = encodeGt06Login(imei(), 1);
    let sent = 0;
    // One byte at a time, each well within the idle timeout, the frame never by the deadline.
    while (sent < frame.length && !c.socket.destroyed) {
      c.socket.write(frame.subarray(sent, sent + 1));
      sent++;
      const next = await Promise.race([c.closed, new Promise((r) => setTimeout(r, 100, 'more'))]);
      if (next === 'closed') break;
    }
    expect(await c.closed).toBe('closed');
    expect(sent).toBeLessThan(frame.length);
    expect(ingest.listeners.gt06.metrics.frameTimeouts).toBe(1);
  });

  it('closes a connection quiet for longer than the idle timeout, after serving it', async () => {
    const ingest = await listen({ idleTimeoutMs: 300 });
    const c = await connect(ingest.listeners.gt06.port);
    expect(await c.login(imei())).toBe('served');
    expect(await c.closed).toBe('closed');
    expect(ingest.listeners.gt06.metrics.idleTimeouts).toBe(1);
  });

  it('bounds the OsmAnd HTTP port the same way', async () => {
    const ingest = await listen({ perAddress: 2, frameDeadlineMs: 300 });
    const port = ingest.listeners.osmand.port;
    const a = await connect(port);
    const b = await connect(port);
    const beyond = await connect(port);
    expect(await beyond.closed).toBe('closed');
    expect(ingest.listeners.osmand.metrics.refusedPerAddress).toBe(1);
    b.socket.destroy();
    // A request that started and does not end is answered 408 and closed.
    a.socket.write('GET /?id=1');
    let answer = '';
    a.socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    expect(await a.closed).toBe('closed');
    expect(answer).toContain('408');
    expect(ingest.listeners.osmand.metrics.frameTimeouts).toBe(1);
    // A whole request is served.
    const status = await new Promise<number | undefined>((resolve) =>
      http
        .get(`http://127.0.0.1:${port}/?id=123456&lat=41.1&lon=-87.1&timestamp=1700000000`, (r) => {
          r.resume();
          resolve(r.statusCode);
        })
        .on('error', () => resolve(undefined)),
    );
    expect(status).toBe(200);
  });
});
