import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseConfig } from '../config';
import { createContext } from '../roles/shared-context';
import { mailOutbox } from '../db/schema';
import { buildApp } from '../roles/all-in-one';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  TEST_PASSWORD,
  type TestApp,
} from '../test/test-app';

/**
 * Issue 39 item 1: a socket lives no longer than the token it signed in with. Logout, a new
 * password, a reset link used and an ended imitation each close the sockets of the tokens they
 * revoke, in every process: the revocation crosses NATS like any other event.
 */

interface Socket {
  ws: WebSocket;
  /** The close code and reason, once the server closed the socket. */
  closed: Promise<{ code: number; reason: string }>;
}

function urlOf(app: FastifyInstance) {
  const address = app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function connect(app: FastifyInstance, headers: Record<string, string>, channel: string) {
  const ws = new WebSocket(`${urlOf(app)}/api/realtime`, { headers });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const subscribed = new Promise<void>((resolve) =>
    ws.on('message', (raw) => {
      if ((JSON.parse(raw.toString()) as { type: string }).type === 'subscribed') resolve();
    }),
  );
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'subscribe', channel }));
  await subscribed;
  return { ws, closed } satisfies Socket;
}

/** The socket still answers: a ping sent after the revocation comes back as a pong. */
async function answers(socket: Socket) {
  const pong = new Promise<boolean>((resolve) => {
    socket.ws.on('message', (raw) => {
      if ((JSON.parse(raw.toString()) as { type: string }).type === 'pong') resolve(true);
    });
    void socket.closed.then(() => resolve(false));
  });
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  return pong;
}

const ENDED = { code: 4401, reason: 'Unauthenticated.' };

describe('one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function member() {
    const account = await createAccount(t);
    const user = await createUser(t, { account, role: 'admin' });
    return { account, user, channel: `accounts.${account.id}.positions` };
  }

  it('closes the socket of a token that logged out, and only that one', async () => {
    const { user, channel } = await member();
    const leaving = await authHeader(t, user.email);
    const staying = await authHeader(t, user.email);
    const gone = await connect(t.app, leaving, channel);
    const kept = await connect(t.app, staying, channel);
    const logout = await t.app.inject({ method: 'DELETE', url: '/api/token', headers: leaving });
    expect(logout.statusCode).toBe(200);
    expect(await gone.closed).toEqual(ENDED);
    expect(await answers(kept)).toBe(true);
    kept.ws.close();
  });

  it("closes the other sessions' sockets on a password change, not this session's", async () => {
    const { user, channel } = await member();
    const here = await authHeader(t, user.email);
    const elsewhere = await authHeader(t, user.email);
    const mine = await connect(t.app, here, channel);
    const theirs = await connect(t.app, elsewhere, channel);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/password',
      headers: here,
      payload: {
        current_password: TEST_PASSWORD,
        password: 'another password',
        password_confirmation: 'another password',
      },
    });
    expect(change.statusCode).toBe(200);
    expect(await theirs.closed).toEqual(ENDED);
    expect(await answers(mine)).toBe(true);
    mine.ws.close();
  });

  it('closes every socket of the user when a reset link sets a new password', async () => {
    const { user, channel } = await member();
    const socket = await connect(t.app, await authHeader(t, user.email), channel);
    await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: user.email },
    });
    await t.ctx.jobs.idle(); // the reset mail goes out through the outbox's job
    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    const link = new URL(/(http\S+reset-password\S+)/.exec(mail!.text)![1]!);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/reset-password',
      payload: {
        token: link.searchParams.get('token'),
        email: user.email,
        password: 'reset password',
        password_confirmation: 'reset password',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect(await socket.closed).toEqual(ENDED);
  });

  it("closes the imitation's socket when the admin ends it; the admin's own stays", async () => {
    const { user, channel } = await member();
    const root = await createUser(t, { is_gpx_admin: true });
    const rootHeaders = await authHeader(t, root.email);
    const imitation = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/imitation`,
      headers: rootHeaders,
    });
    const imitating = {
      authorization: `Bearer ${imitation.json<{ data: { imitation_token: string } }>().data.imitation_token}`,
    };
    const asUser = await connect(t.app, imitating, channel);
    const asAdmin = await connect(t.app, rootHeaders, channel);
    const end = await t.app.inject({ method: 'DELETE', url: '/api/imitate', headers: imitating });
    expect(end.statusCode).toBe(200);
    expect(await asUser.closed).toEqual(ENDED);
    expect(await answers(asAdmin)).toBe(true);
    asAdmin.ws.close();
  });
});

describe('two processes on NATS', () => {
  const env = {
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    BUS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
    BUS_SUBJECT_PREFIX: `waymark_test_${randomBytes(5).toString('hex')}`,
  };
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(env);
    // A second server on the same database and bus, as a second `--role api` would be.
    const config = parseConfig({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'waymark-data-')) });
    other = await buildApp((log) => createContext(config, t.database, log));
    await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('closes a socket on one server when its token logs out through the other', async () => {
    const account = await createAccount(t);
    const user = await createUser(t, { account, role: 'viewer' });
    const headers = await authHeader(t, user.email);
    const socket = await connect(other, headers, `accounts.${account.id}.positions`);
    const logout = await t.app.inject({ method: 'DELETE', url: '/api/token', headers });
    expect(logout.statusCode).toBe(200);
    expect(await socket.closed).toEqual(ENDED);
  });
});
