import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app';

/**
 * Issue 39 item 3: an imitation token acts as the user, but never holds their credentials, or
 * the platform admin would keep a login that works without imitation, unaudited.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REFUSED = 'While imitating a user, their password, e-mail and API token cannot be changed.';

async function imitate() {
  const account = await createAccount(t, { has_api_access: true });
  const user = await createUser(t, { account, role: 'admin' });
  const root = await createUser(t, { is_gpx_admin: true });
  const imitation = await t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${user.id}/imitation`,
    headers: await authHeader(t, root.email),
  });
  expect(imitation.statusCode).toBe(201);
  const token = imitation.json<{ data: { imitation_token: string } }>().data.imitation_token;
  return { account, user, imitating: { authorization: `Bearer ${token}` } };
}

describe('while imitating', () => {
  it("refuses to change the user's password, which still works afterwards", async () => {
    const { user, imitating } = await imitate();
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/password',
      headers: imitating,
      payload: {
        current_password: TEST_PASSWORD,
        password: 'admin knows this',
        password_confirmation: 'admin knows this',
      },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual({ message: REFUSED });
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/token', payload: { email: user.email, password } });
    expect((await login('admin knows this')).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses to change the user's e-mail, yet saves the rest of the profile", async () => {
    const { user, imitating } = await imitate();
    const profile = { name: 'Renamed by support', phone: null, timezone_id: 1 };
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: imitating,
      payload: { ...profile, email: 'admin-mailbox@example.test' },
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toEqual({ message: REFUSED });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: imitating,
      payload: { ...profile, email: user.email.toUpperCase() },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Renamed by support', email: user.email });
  });

  it("refuses to replace the account's API token", async () => {
    const { account, user, imitating } = await imitate();
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${account.id}/reset-token`,
      headers: imitating,
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toEqual({ message: REFUSED });
    // The user themselves may.
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${account.id}/reset-token`,
      headers: await authHeader(t, user.email),
    });
    expect(own.statusCode).toBe(200);
  });
});
