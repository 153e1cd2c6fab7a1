import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createAccount,
  createTestApp,
  createUser,
  TEST_PASSWORD,
  type TestApp,
} from '../test/test-app';
import { logSerializers } from './log-serializers';

// The app with the production serializers, logging everything into memory.
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'trace', serializers: logSerializers, stream } });
});
afterAll(() => t.close());

it('logs neither passwords, tokens nor the values of a failed query at any level', async () => {
  const user = await createUser(t, { account: await createAccount(t) });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/token',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  const token = login.json<{ data: { token: string } }>().data.token;
  await t.app.inject({ url: `/api/realtime?token=${token}` });
  await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });

  // A query that fails with the user's e-mail among its parameters: logged as a 500.
  await t.db.execute(sql`drop table login_audit cascade`);
  const failed = await t.app.inject({
    method: 'POST',
    url: '/api/token',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(failed.statusCode).toBe(500);

  const log = lines.join('');
  expect(log).toContain('Failed query (statement and parameters withheld from logs)');
  expect(log).toContain('/api/realtime?token=[redacted]');
  for (const secret of [TEST_PASSWORD, token, user.email]) expect(log).not.toContain(secret);
});
