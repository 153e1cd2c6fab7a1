import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { timezones } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
let chicagoId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db
    .select()
    .from(timezones)
    .where(eq(timezones.identifier, 'America/Chicago'));
  chicagoId = row!.id;
});
afterAll(() => t.close());

describe('GET /api/me', () => {
  it('returns the user with every account, its role, flags and settings', async () => {
    const b2b = await createAccount(t, {
      title: 'Acme Freight',
      is_b2b_account: true,
      has_rules_engine: true,
      settings: { ble_tags: '1', dashboards: '1' },
    });
    const home = await createAccount(t, { title: 'Acme Home' });
    const user = await createUser(t, { account: b2b, role: 'manager' });
    await t.db.insert((await import('../../db/schema')).accountMemberships).values({
      account_id: home.id,
      user_id: user.id,
      role: 'viewer',
      full_device_access: false,
    });
    const response = await t.app.inject({
      url: '/api/me',
      headers: await authHeader(t, user.email),
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      id: user.id,
      email: user.email,
      is_gpx_admin: false,
      imitated_by: null,
    });
    expect(data.accounts).toEqual([
      {
        id: b2b.id,
        title: 'Acme Freight',
        is_b2b_account: true,
        has_api_access: false,
        has_rules_engine: true,
        can_track_shipments: false,
        role: 'manager',
        full_device_access: true,
        settings: [
          { code: 'ble_tags', value: '1' },
          { code: 'dashboards', value: '1' },
        ],
      },
      expect.objectContaining({
        id: home.id,
        title: 'Acme Home',
        role: 'viewer',
        full_device_access: false,
      }),
    ]);
    expect(data.account_roles).toEqual({ [b2b.id]: 'manager', [home.id]: 'viewer' });
    expect(data).not.toHaveProperty('password_hash');
  });
});

describe('PUT /api/users/{id}', () => {
  it('updates the own profile and stores the phone as digits', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: await authHeader(t, user.email),
      payload: {
        name: 'Jamie Doe',
        email: 'Jamie.Doe@Example.test',
        phone: '(336) 555-1234',
        timezone_id: chicagoId,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Jamie Doe',
      email: 'jamie.doe@example.test',
      phone: '3365551234',
      timezone_id: chicagoId,
      timezone: 'America/Chicago',
    });
  });

  it('names the invalid fields', async () => {
    const user = await createUser(t, { account: await createAccount(t) });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: await authHeader(t, user.email),
      payload: { name: '', email: 'nope', phone: '(336) 555', timezone_id: null },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['Name is required'],
      email: ['not an email'],
      phone: ['not valid phone'],
      timezone_id: ['time zone is required'],
    });
  });

  it('refuses an e-mail another user has', async () => {
    const taken = await createUser(t);
    const user = await createUser(t, { account: await createAccount(t) });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: await authHeader(t, user.email),
      payload: { name: 'X', email: taken.email, timezone_id: chicagoId },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it("does not let a user change someone else's profile", async () => {
    const other = await createUser(t);
    const user = await createUser(t, { account: await createAccount(t) });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${other.id}`,
      headers: await authHeader(t, user.email),
      payload: { name: 'Hijacked', email: other.email, timezone_id: chicagoId },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/timezones', () => {
  it('lists IANA time zones', async () => {
    const response = await t.app.inject({ url: '/api/timezones' });
    expect(response.statusCode).toBe(200);
    const identifiers = response.json().data.map((z: { identifier: string }) => z.identifier);
    expect(identifiers).toContain('America/New_York');
    expect(identifiers).toContain('UTC');
  });
});

describe('/api/accounts/{id}/user-settings', () => {
  it("stores the user's settings per account and reads them back", async () => {
    const account = await createAccount(t);
    const user = await createUser(t, { account, role: 'viewer' });
    const headers = await authHeader(t, user.email);
    const url = `/api/accounts/${account.id}/user-settings`;
    const saved = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: {
        settings: [
          { code: 'auto_refresh', value: '1' },
          { code: 'theme', value: 'dark' },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { settings: [{ code: 'theme', value: 'light' }] },
    });
    const read = await t.app.inject({ url, headers });
    expect(read.json().data).toEqual([
      { code: 'auto_refresh', value: '1' },
      { code: 'theme', value: 'light' },
    ]);
  });

  it('answers 404 for an account the user does not belong to', async () => {
    const mine = await createAccount(t);
    const theirs = await createAccount(t);
    const user = await createUser(t, { account: mine });
    const owner = await createUser(t, { account: theirs });
    await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${theirs.id}/user-settings`,
      headers: await authHeader(t, owner.email),
      payload: { settings: [{ code: 'secret', value: 'x' }] },
    });
    const response = await t.app.inject({
      url: `/api/accounts/${theirs.id}/user-settings`,
      headers: await authHeader(t, user.email),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });
});
