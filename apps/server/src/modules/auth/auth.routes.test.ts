import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { loginAudit, mailOutbox, tokens } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '5' });
});
afterAll(() => t.close());

describe('POST /api/token', () => {
  it('returns a token for the right password, whatever the e-mail case', async () => {
    const account = await createAccount(t);
    const user = await createUser(t, { account });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.token).toMatch(/^[\w-]{40,}$/);
  });

  it('answers 401 with the message for a wrong password and audits the attempt', async () => {
    const user = await createUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: user.email, password: 'wrong password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'These credentials do not match our records.' });
    const [audit] = await t.db.select().from(loginAudit).orderBy(desc(loginAudit.id)).limit(1);
    expect(audit).toMatchObject({ email: user.email, success: false, user_id: user.id });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: 'nobody@example.test', password: 'whatever1' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('These credentials do not match our records.');
  });

  it('names each invalid field with its message (422)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: 'not-an-address', password: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'not an email',
      errors: { email: ['not an email'], password: ['password is required'] },
    });
  });

  it('limits repeated attempts for one address with 429', async () => {
    const email = 'hammered@example.test';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/token',
        payload: { email, password: 'guess-' + i },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email, password: 'again' },
    });
    expect(limited.json().message).toBe('Too many attempts. Please try again in a minute.');
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('doubles the wait with each failure after one, counted from the latest', async () => {
    const email = 'persistent@example.test';
    const ip = '198.51.100.20';
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    // Six failures in a row, the last three minutes ago: its two-minute wait is over.
    await t.db
      .insert(loginAudit)
      .values(
        Array.from({ length: 6 }, () => ({ email, ip, success: false, created_at: minutesAgo(3) })),
      );
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/token',
        payload: { email, password: 'wrong' },
        remoteAddress: ip,
      });
    expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    // The seventh failure in a row waits four minutes.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(230);
    expect(limited.json().message).toBe('Too many attempts. Please try again in 4 minutes.');
  });

  it("never keeps a user from signing in from their own address while strangers' fail", async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const login = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/token',
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    expect((await login(TEST_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    // 25 failures (5 × the limit of 5) from five strangers' addresses.
    for (let i = 0; i < 25; i++) {
      expect((await login('guess', `203.0.113.${i % 5}`)).statusCode).toBe(401);
    }
    // A sixth stranger is held back even with the right password, the user's address is not.
    const stranger = await login(TEST_PASSWORD, '203.0.113.99');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.headers['retry-after']).toBeDefined();
    expect((await login(TEST_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });

  it("holds back the failing address, not the user's own", async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/token',
        payload: { email: user.email, password: 'guess' },
        remoteAddress: '203.0.113.200',
      });
    }
    const attacker = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '203.0.113.200',
    });
    expect(attacker.statusCode).toBe(429);
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '192.0.2.77',
    });
    expect(owner.statusCode).toBe(200);
  });
});

describe('a shared address', () => {
  const login = (email: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email, password },
      remoteAddress: ip,
    });

  it("lets a user who signed in there within 30 days through other e-mails' failures", async () => {
    const ip = '198.51.100.140';
    const regular = await createUser(t, { account: await createAccount(t) });
    const lapsed = await createUser(t, { account: await createAccount(t) });
    const newcomer = await createUser(t, { account: await createAccount(t) });
    expect((await login(regular.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await login(lapsed.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    // The lapsed user's success there was 31 days ago.
    await t.db
      .update(loginAudit)
      .set({ created_at: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(and(eq(loginAudit.email, lapsed.email), eq(loginAudit.success, true)));
    // An attacker behind the same address: 25 failures (5 × the limit of 5), many e-mails.
    for (let i = 0; i < 25; i++) {
      expect((await login(`victim-${i}@example.test`, 'guess', ip)).statusCode).toBe(401);
    }
    expect((await login(newcomer.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(lapsed.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(regular.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    // Their own failures in a row still hold them back.
    for (let i = 0; i < 5; i++) await login(regular.email, 'mistyped', ip);
    expect((await login(regular.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
  });
});

describe('successful logins', () => {
  it('are never limited: one person may sign in on many devices', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    for (let i = 0; i < 7; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/token',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('DELETE /api/token', () => {
  it('revokes the token so it no longer authenticates', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const headers = await authHeader(t, user.email);
    expect((await t.app.inject({ url: '/api/me', headers })).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'DELETE', url: '/api/token', headers });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ data: null });
    const after = await t.app.inject({ url: '/api/me', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('authentication', () => {
  it('answers 401 without a token and with a made-up one', async () => {
    expect((await t.app.inject({ url: '/api/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      url: '/api/me',
      headers: { authorization: 'Bearer not-a-real-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 404 in the envelope for an unknown API path', async () => {
    const response = await t.app.inject({ url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });
});

describe('POST /api/password', () => {
  it('rejects a short password and a wrong confirmation with the spec messages', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const headers = await authHeader(t, user.email);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/password',
      headers,
      payload: {
        current_password: TEST_PASSWORD,
        password: 'short',
        password_confirmation: 'short',
      },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters']);
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/password',
      headers,
      payload: {
        current_password: TEST_PASSWORD,
        password: 'long enough',
        password_confirmation: 'different one',
      },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual([
      'The password confirmation does not match',
    ]);
  });

  it('asks for the current password and counts a wrong one as a failed login', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const headers = await authHeader(t, user.email);
    const change = (current_password?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password',
        headers,
        remoteAddress: '198.51.100.150',
        payload: {
          ...(current_password === undefined ? {} : { current_password }),
          password: 'a new password',
          password_confirmation: 'a new password',
        },
      });
    const missing = await change();
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: ['Current password is required'] });
    for (let i = 0; i < 5; i++) {
      const wrong = await change(`wrong guess ${i}`);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        message: 'The current password is incorrect.',
        errors: { current_password: ['The current password is incorrect.'] },
      });
    }
    // Five wrong guesses (the limit) hold this address back, here and at the login.
    const held = await change(TEST_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe('Too many attempts. Please try again in a minute.');
    const loginThere = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '198.51.100.150',
    });
    expect(loginThere.statusCode).toBe(429);
    const audit = await t.db.select().from(loginAudit).where(eq(loginAudit.email, user.email));
    expect(audit.filter((a) => a.reason === 'wrong current password')).toHaveLength(5);
    // The password did not change.
    expect((await authHeader(t, user.email)).authorization).toMatch(/^Bearer /);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const current = await authHeader(t, user.email);
    const other = await authHeader(t, user.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/password',
      headers: current,
      payload: {
        current_password: TEST_PASSWORD,
        password: 'new password 1',
        password_confirmation: 'new password 1',
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: current })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: other })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: user.email, password: 'new password 1' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  async function lastResetLink(email: string) {
    await t.ctx.jobs.idle(); // the reset mail goes out through the outbox's job
    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail?.to).toBe(email);
    const link = /(http\S+reset-password\S+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();
    return new URL(link!);
  }

  it('mails a link that sets a new password once', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const link = await lastResetLink(user.email);
    const body = {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password: 'brand new pass',
      password_confirmation: 'brand new pass',
    };
    const reset = await t.app.inject({ method: 'PUT', url: '/api/reset-password', payload: body });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'PUT', url: '/api/reset-password', payload: body });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This password reset link is invalid or has expired.');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: user.email, password: 'brand new pass' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const before = await t.db.select().from(mailOutbox);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'ghost@example.test' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toMatch(/If that address has an account/);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
  });
});

describe('temporary tokens', () => {
  it('exchanges a temporary token once for a working session token', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const headers = await authHeader(t, user.email);
    const issued = await t.app.inject({ method: 'POST', url: '/api/temporary-token', headers });
    expect(issued.statusCode).toBe(200);
    const temporary = issued.json().data.token as string;
    // A temporary token is not a bearer token.
    const asBearer = await t.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${temporary}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const exchange = await t.app.inject({
      method: 'PUT',
      url: '/api/temporary-token',
      payload: { token: temporary },
    });
    expect(exchange.statusCode).toBe(200);
    const session = exchange.json().data.token as string;
    const me = await t.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(me.json().data.id).toBe(user.id);
    const replay = await t.app.inject({
      method: 'PUT',
      url: '/api/temporary-token',
      payload: { token: temporary },
    });
    expect(replay.statusCode).toBe(401);
  });
});

describe('tokens end with the password', () => {
  const resetBody = (link: URL, password: string) => ({
    token: link.searchParams.get('token'),
    email: link.searchParams.get('email'),
    password,
    password_confirmation: password,
  });
  async function resetLinkFor(email: string) {
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    await t.ctx.jobs.idle(); // the reset mail goes out through the outbox's job
    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    return new URL(/(http\S+reset-password\S+)/.exec(mail!.text)![1]!);
  }

  it('revokes the one-time login links, reset links and impersonations on a password change', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const current = await authHeader(t, user.email);
    const temporary = (
      await t.app.inject({ method: 'POST', url: '/api/temporary-token', headers: current })
    ).json().data.token as string;
    const link = await resetLinkFor(user.email);
    const root = await createUser(t, { is_gpx_admin: true });
    const imitation = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/imitation`,
      headers: await authHeader(t, root.email),
    });
    expect(imitation.statusCode).toBe(201);
    const imitating = {
      authorization: `Bearer ${imitation.json().data.imitation_token as string}`,
    };
    expect((await t.app.inject({ url: '/api/me', headers: imitating })).statusCode).toBe(200);

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/password',
      headers: current,
      payload: {
        current_password: TEST_PASSWORD,
        password: 'changed pass 1',
        password_confirmation: 'changed pass 1',
      },
    });
    expect(change.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: current })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: imitating })).statusCode).toBe(401);
    const exchange = await t.app.inject({
      method: 'PUT',
      url: '/api/temporary-token',
      payload: { token: temporary },
    });
    expect(exchange.statusCode).toBe(401);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/reset-password',
      payload: resetBody(link, 'reset pass 22'),
    });
    expect(reset.statusCode).toBe(422);
  });

  it('refuses a reset link after its hour', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const link = await resetLinkFor(user.email);
    await t.db
      .update(tokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(and(eq(tokens.user_id, user.id), eq(tokens.kind, 'password_reset')));
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/reset-password',
      payload: resetBody(link, 'too late pass'),
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().message).toBe('This password reset link is invalid or has expired.');
  });

  it('ends every session, the resetting browser has none, when a reset link is used', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const session = await authHeader(t, user.email);
    const link = await resetLinkFor(user.email);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/reset-password',
      payload: resetBody(link, 'after reset 1'),
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: session })).statusCode).toBe(401);
  });
});
