import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app';

/** A Sentry-compatible service on a local port: keeps the events of the envelopes it gets. */
async function startSentryStandIn() {
  const events: Record<string, unknown>[] = [];
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(request.url ?? '');
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      // An envelope: its header, then item header and item payload lines.
      const lines = body.toString('utf8').split('\n').filter(Boolean);
      for (let i = 1; i + 1 < lines.length; i += 2) {
        const item = JSON.parse(lines[i]!) as { type?: string };
        if (item.type === 'event') events.push(JSON.parse(lines[i + 1]!));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    events,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type SentryStandIn = Awaited<ReturnType<typeof startSentryStandIn>>;

describe('server error reporting to a Sentry-compatible DSN', () => {
  let sentry: SentryStandIn;
  let t: TestApp;

  beforeAll(async () => {
    sentry = await startSentryStandIn();
    t = await createTestApp({ SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'staging' });
  });
  afterAll(async () => {
    await t.close();
    await sentry.close();
  });

  it('reports a 5xx with its route and no data, and nothing for the errors a client caused', async () => {
    const account = await createAccount(t);
    const user = await createUser(t, { account, email: 'reporter-check@example.test' });
    const headers = await authHeader(t, user.email);

    // A client's mistakes are answered, not reported.
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/999999/geofences',
      headers,
    });
    expect(missing.statusCode).toBe(404);
    const invalid = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${account.id}/geofences`,
      headers,
      payload: {},
    });
    expect(invalid.statusCode).toBe(422);

    // A server failure: the geofences table is gone, so its query fails with its parameters.
    await t.db.execute(sql`ALTER TABLE geofences RENAME TO geofences_away`);
    try {
      const failed = await t.app.inject({
        method: 'GET',
        url: `/api/accounts/${account.id}/geofences`,
        headers,
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ message: 'Server Error' });
    } finally {
      await t.db.execute(sql`ALTER TABLE geofences_away RENAME TO geofences`);
    }
    await t.ctx.errors.flush(5000);

    expect(sentry.paths.every((path) => path.startsWith('/api/42/envelope/'))).toBe(true);
    expect(sentry.events).toHaveLength(1);
    const event = sentry.events[0]!;
    expect(event.environment).toBe('staging');
    expect(event.tags).toMatchObject({
      kind: 'request',
      where: '/api/accounts/:id/geofences',
      method: 'GET',
    });
    const text = JSON.stringify(event);
    expect(text).toContain('Failed query (statement and parameters withheld from logs)');
    // Neither the statement, its parameters, the caller's identity nor their token.
    expect(text).not.toMatch(/select /i);
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(headers.authorization.replace('Bearer ', ''));
    expect(text).not.toContain(TEST_PASSWORD);
    expect(event.request).toBeUndefined();
    expect(event.user).toBeUndefined();
  });
});

describe('without SENTRY_DSN', () => {
  it('reports nowhere and answers the same', async () => {
    const t = await createTestApp();
    try {
      const account = await createAccount(t);
      const user = await createUser(t, { account });
      await t.db.execute(sql`ALTER TABLE geofences RENAME TO geofences_away`);
      const failed = await t.app.inject({
        method: 'GET',
        url: `/api/accounts/${account.id}/geofences`,
        headers: await authHeader(t, user.email),
      });
      expect(failed.statusCode).toBe(500);
      await expect(t.ctx.errors.flush()).resolves.toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
