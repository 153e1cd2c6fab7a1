import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMemberships } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/accounts/{id}/users', () => {
  it('lists the account users with role and device access, searchable and paged', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin', email: 'aaron@acme.test' });
    const viewer = await createUser(t, {
      account,
      role: 'viewer',
      full_device_access: false,
      email: 'zoe@acme.test',
    });
    await createUser(t, { account: await createAccount(t), email: 'outsider@acme.test' });
    const headers = await authHeader(t, admin.email);
    const response = await t.app.inject({
      url: `/api/accounts/${account.id}/users?query=acme&include=devicesCount`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((u: { email: string }) => u.email).sort()).toEqual([
      admin.email,
      viewer.email,
    ]);
    expect(body.data.find((u: { id: number }) => u.id === viewer.id)).toMatchObject({
      role: 'viewer',
      full_device_access: false,
      devices_count: 0,
    });
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, from: 1, to: 2, total: 2 });
    const page = await t.app.inject({
      url: `/api/accounts/${account.id}/users?per_page=1&page=2`,
      headers,
    });
    expect(page.json().meta).toEqual({ current_page: 2, last_page: 2, from: 2, to: 2, total: 2 });
  });

  it('is forbidden to a viewer and hidden from other accounts', async () => {
    const account = await createAccount(t);
    const viewer = await createUser(t, { account, role: 'viewer' });
    const outsider = await createUser(t, { account: await createAccount(t), role: 'admin' });
    const forbidden = await t.app.inject({
      url: `/api/accounts/${account.id}/users`,
      headers: await authHeader(t, viewer.email),
    });
    expect(forbidden.statusCode).toBe(403);
    const hidden = await t.app.inject({
      url: `/api/accounts/${account.id}/users`,
      headers: await authHeader(t, outsider.email),
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('API token', () => {
  it('lets an admin read and reset the token when the account has API access', async () => {
    const account = await createAccount(t, { has_api_access: true, api_token: 'first-token' });
    const admin = await createUser(t, { account, role: 'admin' });
    const headers = await authHeader(t, admin.email);
    const read = await t.app.inject({ url: `/api/accounts/${account.id}/api-token`, headers });
    expect(read.json()).toEqual({ data: { api_token: 'first-token' } });
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${account.id}/reset-token`,
      headers,
    });
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().data.api_token;
    expect(fresh).not.toBe('first-token');
    const again = await t.app.inject({ url: `/api/accounts/${account.id}/api-token`, headers });
    expect(again.json().data.api_token).toBe(fresh);
  });

  it('is refused without API access or without manage Account', async () => {
    const noApi = await createAccount(t, { has_api_access: false });
    const admin = await createUser(t, { account: noApi, role: 'admin' });
    const refused = await t.app.inject({
      url: `/api/accounts/${noApi.id}/api-token`,
      headers: await authHeader(t, admin.email),
    });
    expect(refused.statusCode).toBe(403);

    const withApi = await createAccount(t, { has_api_access: true });
    const manager = await createUser(t, { account: withApi, role: 'manager' });
    const managerReset = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${withApi.id}/reset-token`,
      headers: await authHeader(t, manager.email),
    });
    expect(managerReset.statusCode).toBe(403);
  });

  it("never shows another account's token", async () => {
    const theirs = await createAccount(t, { has_api_access: true, api_token: 'their-secret' });
    const outsider = await createUser(t, {
      account: await createAccount(t, { has_api_access: true }),
    });
    const response = await t.app.inject({
      url: `/api/accounts/${theirs.id}/api-token`,
      headers: await authHeader(t, outsider.email),
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('their-secret');
  });
});

describe('API token as a bearer token', () => {
  it('calls the REST API and the ingest of its own account, until it is reset', async () => {
    const account = await createAccount(t, {
      has_api_access: true,
      api_token: `tok-${Date.now()}`,
    });
    const admin = await createUser(t, { account, role: 'admin' });
    const other = await createAccount(t);
    const device = await createDevice(t, account);
    const api = { authorization: `Bearer ${account.api_token}` };

    const users = await t.app.inject({ url: `/api/accounts/${account.id}/users`, headers: api });
    expect(users.statusCode).toBe(200);
    const one = await t.app.inject({
      url: `/api/accounts/${account.id}/devices/${device.id}`,
      headers: api,
    });
    expect(one.statusCode).toBe(200);
    const ingest = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/positions',
      headers: api,
      payload: {
        positions: [
          { serial: device.serial, timestamp: new Date().toISOString(), lat: 41.9, lng: -87.6 },
        ],
      },
    });
    expect(ingest.json().data.accepted).toBe(1);
    const elsewhere = await t.app.inject({ url: `/api/accounts/${other.id}/users`, headers: api });
    expect(elsewhere.statusCode).toBe(404);
    for (const url of ['/api/me', `/api/users/${admin.id}`]) {
      const own = await t.app.inject({
        url,
        method: url === '/api/me' ? 'GET' : 'PUT',
        headers: api,
        payload: url === '/api/me' ? undefined : {},
      });
      expect(own.statusCode).toBe(403);
    }

    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${account.id}/reset-token`,
      headers: await authHeader(t, admin.email),
    });
    const fresh = { authorization: `Bearer ${reset.json().data.api_token}` };
    const stale = await t.app.inject({ url: `/api/accounts/${account.id}/users`, headers: api });
    expect(stale.statusCode).toBe(401);
    const staleIngest = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/positions',
      headers: api,
      payload: {
        positions: [{ serial: device.serial, timestamp: new Date().toISOString(), lat: 1, lng: 1 }],
      },
    });
    expect(staleIngest.statusCode).toBe(401);
    const works = await t.app.inject({ url: `/api/accounts/${account.id}/users`, headers: fresh });
    expect(works.statusCode).toBe(200);
  });

  it('does not authenticate once the account loses API access', async () => {
    const account = await createAccount(t, {
      has_api_access: false,
      api_token: `off-${Date.now()}`,
    });
    await createUser(t, { account, role: 'admin' });
    const response = await t.app.inject({
      url: `/api/accounts/${account.id}/users`,
      headers: { authorization: `Bearer ${account.api_token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('membership rows', () => {
  it('keep the limited device access a viewer was given', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const viewer = await createUser(t, { account, role: 'viewer', full_device_access: false });
    const { eq, and } = await import('drizzle-orm');
    await t.db
      .update(accountMemberships)
      .set({ device_ids: [11, 12, 13] })
      .where(
        and(
          eq(accountMemberships.user_id, viewer.id),
          eq(accountMemberships.account_id, account.id),
        ),
      );
    const response = await t.app.inject({
      url: `/api/accounts/${account.id}/users?include=devicesCount`,
      headers: await authHeader(t, admin.email),
    });
    // The ids are kept as given; only trackers that exist in the account are counted.
    expect(response.json().data.find((u: { id: number }) => u.id === viewer.id)).toMatchObject({
      device_ids: [11, 12, 13],
      devices_count: 0,
    });
  });
});

describe('position filter bounds', () => {
  it('lets an admin read the defaults and change them; the next fixes are judged by them', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const headers = await authHeader(t, admin.email);
    const url = `/api/accounts/${account.id}/position-filter`;
    const read = await t.app.inject({ url, headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: { max_speed_kmh: 300, max_accuracy_m: 5000 } });

    const device = await createDevice(t, account);
    const fix = (minute: number, lat: number) => ({
      serial: device.serial,
      deviceTime: new Date(Date.UTC(2026, 10, 20, 8, minute)),
      lat,
      lng: -87.63,
      valid: true,
      fix: 'gps' as const,
    });
    await t.ctx.pipeline.submit([fix(0, 41.88)], 'test');
    const changed = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { max_speed_kmh: 100, max_accuracy_m: 2000 },
    });
    expect(changed.json()).toEqual({ data: { max_speed_kmh: 100, max_accuracy_m: 2000 } });
    // 3.3 km in a minute is 200 km/h: within the default, over the new bound.
    await t.ctx.pipeline.submit([fix(1, 41.91)], 'test');
    const count = await t.app.inject({
      url: `/api/accounts/${account.id}/devices/${device.id}/filtered-count?date_from=2026-11-20T07:00:00Z&date_to=2026-11-20T09:00:00Z`,
      headers,
    });
    expect(count.json()).toEqual({ data: { filtered: 1, by_reason: { speed: 1 } } });
  });

  it('names the field and its range in a 422', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${account.id}/position-filter`,
      headers: await authHeader(t, admin.email),
      payload: { max_speed_kmh: 20, max_accuracy_m: 2000 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      max_speed_kmh: ['Maximum speed must be between 50 and 2000 km/h'],
    });
  });

  it('is forbidden to anyone but an admin and hidden from other accounts', async () => {
    const account = await createAccount(t);
    const payload = { max_speed_kmh: 200, max_accuracy_m: 2000 };
    const url = `/api/accounts/${account.id}/position-filter`;
    for (const role of ['manager', 'user', 'viewer'] as const) {
      const member = await createUser(t, { account, role });
      const headers = await authHeader(t, member.email);
      expect((await t.app.inject({ url, headers })).statusCode).toBe(403);
      const put = await t.app.inject({ method: 'PUT', url, headers, payload });
      expect(put.statusCode, role).toBe(403);
    }
    const outsider = await createUser(t, { account: await createAccount(t), role: 'admin' });
    const hidden = await t.app.inject({
      method: 'PUT',
      url,
      headers: await authHeader(t, outsider.email),
      payload,
    });
    expect(hidden.statusCode).toBe(404);
  });
});
