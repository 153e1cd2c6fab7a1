import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tokens } from '../../db/schema';
import { hashToken } from '../../http/tokens';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function imitate(adminEmail: string, userId: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/imitation`,
    headers: await authHeader(t, adminEmail),
  });
}

describe('GET /api/admin/users', () => {
  it('finds any user by name or e-mail, with their accounts, for platform admins', async () => {
    const account = await createAccount(t, { title: 'Findable Freight' });
    const user = await createUser(t, { account, role: 'viewer', email: 'vera.viewer@find.test' });
    const root = await createUser(t, { is_gpx_admin: true });
    const response = await t.app.inject({
      url: '/api/admin/users?query=vera.viewer',
      headers: await authHeader(t, root.email),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        id: user.id,
        name: user.name,
        email: 'vera.viewer@find.test',
        is_gpx_admin: false,
        accounts: [{ id: account.id, title: 'Findable Freight' }],
      },
    ]);
    expect(response.json().meta.total).toBe(1);
  });

  it('is forbidden to account admins and to no one signed in', async () => {
    const admin = await createUser(t, { account: await createAccount(t), role: 'admin' });
    for (const url of ['/api/admin/users', '/api/admin/audit-log']) {
      const own = await t.app.inject({ url, headers: await authHeader(t, admin.email) });
      expect(own.statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    const other = await createUser(t);
    expect((await imitate(admin.email, other.id)).statusCode).toBe(403);
  });
});

describe('impersonation', () => {
  it('acts as the user with both identities, and every write is in the audit log', async () => {
    const account = await createAccount(t);
    const user = await createUser(t, { account, role: 'manager' });
    const root = await createUser(t, { is_gpx_admin: true });
    const started = await imitate(root.email, user.id);
    expect(started.statusCode).toBe(201);
    const { imitation_token, expires_at } = started.json().data;
    // An hour, stated in the OpenAPI text and docs/architecture.md.
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(new Date(expires_at).getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    const me = await t.app.inject({ url: '/api/me', headers: bearer(imitation_token) });
    expect(me.json().data).toMatchObject({
      id: user.id,
      imitated_by: { id: root.id, email: root.email },
    });
    // An imitating session is the user's: the platform's administration is closed to it.
    const admin = await t.app.inject({ url: '/api/admin/users', headers: bearer(imitation_token) });
    expect(admin.statusCode).toBe(403);

    const write = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${account.id}/user-settings?x=1`,
      headers: bearer(imitation_token),
      payload: { settings: [{ code: 'map_style', value: 'satellite' }] },
    });
    expect(write.statusCode).toBe(200);
    // The user's own writes are theirs alone: not audited.
    await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${account.id}/user-settings`,
      headers: await authHeader(t, user.email),
      payload: { settings: [{ code: 'map_style', value: 'streets' }] },
    });

    const log = await t.app.inject({
      url: `/api/admin/audit-log?query=${encodeURIComponent(user.email)}`,
      headers: await authHeader(t, root.email),
    });
    expect(log.statusCode).toBe(200);
    expect(log.json().data).toEqual([
      expect.objectContaining({
        user: { id: user.id, name: user.name, email: user.email },
        imitator: { id: root.id, name: root.name, email: root.email },
        method: 'POST',
        path: `/api/accounts/${account.id}/user-settings`,
        status_code: 200,
      }),
    ]);

    // Quitting ends it; the admin's own session goes on.
    const quit = await t.app.inject({
      method: 'DELETE',
      url: '/api/imitate',
      headers: bearer(imitation_token),
    });
    expect(quit.statusCode).toBeLessThan(300);
    expect(
      (await t.app.inject({ url: '/api/me', headers: bearer(imitation_token) })).statusCode,
    ).toBe(401);
  });

  it('expires on its own', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const root = await createUser(t, { is_gpx_admin: true });
    const { imitation_token } = (await imitate(root.email, user.id)).json().data;
    await t.db
      .update(tokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(tokens.token_hash, hashToken(imitation_token)));
    const me = await t.app.inject({ url: '/api/me', headers: bearer(imitation_token) });
    expect(me.statusCode).toBe(401);
  });

  it('refuses to imitate another platform admin, and answers 404 for no such user', async () => {
    const root = await createUser(t, { is_gpx_admin: true });
    const other = await createUser(t, { is_gpx_admin: true });
    const refused = await imitate(root.email, other.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('A platform admin cannot be imitated.');
    expect((await imitate(root.email, 999_999)).statusCode).toBe(404);
  });
});
