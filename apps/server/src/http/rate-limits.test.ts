import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT: '3', LOGIN_RATE_LIMIT: '2' });
});
afterAll(() => t.close());

it('holds back one address walking public links, with Retry-After, and not another', async () => {
  const open = (remoteAddress: string) =>
    t.app.inject({ url: `/api/public-shipments/${randomUUID()}`, remoteAddress });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await open('203.0.113.9')).statusCode);
  expect(statuses).toEqual([404, 404, 404, 429]);
  const limited = await open('203.0.113.9');
  expect(limited.json()).toEqual({ message: 'Too many requests. Please try again in a minute.' });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect((await open('198.51.100.9')).statusCode).toBe(404);
});

it('limits password-reset attempts per address', async () => {
  const reset = () =>
    t.app.inject({
      method: 'PUT',
      url: '/api/reset-password',
      payload: {
        token: 'guess',
        email: 'someone@example.test',
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
      },
      remoteAddress: '203.0.113.10',
    });
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await reset()).statusCode);
  expect(statuses.slice(0, 2)).not.toContain(429);
  expect(statuses[2]).toBe(429);
});
