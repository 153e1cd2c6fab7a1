import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('GET /api/admin/unassigned-devices', () => {
  it('shows platform admins the serials that reported without a tracker', async () => {
    await t.ctx.pipeline.submit(
      [
        {
          serial: '123456789012345',
          deviceTime: new Date(),
          lat: 40,
          lng: -90,
          valid: true,
          fix: 'gps',
        },
      ],
      'gt06',
      '198.51.100.7',
    );
    const root = await createUser(t, { is_gpx_admin: true });
    const response = await t.app.inject({
      url: '/api/admin/unassigned-devices',
      headers: await authHeader(t, root.email),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        serial: '123456789012345',
        protocol: 'gt06',
        reports: 1,
        remote_address: '198.51.100.7',
      }),
    ]);
  });

  it('is forbidden to account admins', async () => {
    const admin = await createUser(t, { account: await createAccount(t), role: 'admin' });
    const response = await t.app.inject({
      url: '/api/admin/unassigned-devices',
      headers: await authHeader(t, admin.email),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/admin/accounts', () => {
  it('lists platform admins every account as a viewer of every tracker, with its size', async () => {
    const title = `Zeta Freight ${Date.now()}`;
    const account = await createAccount(t, {
      title,
      is_b2b_account: true,
      settings: { dashboards: '1' },
    });
    await createDevice(t, account);
    await createDevice(t, account);
    await createUser(t, { account, role: 'admin' });
    const root = await createUser(t, { is_gpx_admin: true });
    const response = await t.app.inject({
      url: `/api/admin/accounts?query=${encodeURIComponent(title)}`,
      headers: await authHeader(t, root.email),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          id: account.id,
          title,
          is_b2b_account: true,
          has_api_access: false,
          has_rules_engine: false,
          can_track_shipments: false,
          role: 'viewer',
          full_device_access: true,
          settings: [{ code: 'dashboards', value: '1' }],
          devices_count: 2,
          users_count: 1,
        },
      ],
      meta: { current_page: 1, last_page: 1, from: 1, to: 1, total: 1 },
    });
  });

  it('pages the accounts by title', async () => {
    const prefix = `Paged ${Date.now()}`;
    for (const letter of ['C', 'A', 'B']) await createAccount(t, { title: `${prefix} ${letter}` });
    const root = await createUser(t, { is_gpx_admin: true });
    const response = await t.app.inject({
      url: `/api/admin/accounts?query=${encodeURIComponent(prefix)}&per_page=2&page=2`,
      headers: await authHeader(t, root.email),
    });
    expect(response.json().data.map((a: { title: string }) => a.title)).toEqual([`${prefix} C`]);
    expect(response.json().meta).toMatchObject({ last_page: 2, total: 3 });
  });

  it('is forbidden to account admins, who see their accounts in GET /me', async () => {
    const admin = await createUser(t, { account: await createAccount(t), role: 'admin' });
    const response = await t.app.inject({
      url: '/api/admin/accounts',
      headers: await authHeader(t, admin.email),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/admin/accounts/:id', () => {
  it('opens one account for a platform admin, 404 when there is none', async () => {
    const account = await createAccount(t, { can_track_shipments: true });
    const root = await createUser(t, { is_gpx_admin: true });
    const headers = await authHeader(t, root.email);
    const response = await t.app.inject({ url: `/api/admin/accounts/${account.id}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: account.id,
      can_track_shipments: true,
      role: 'viewer',
      devices_count: 0,
      users_count: 0,
    });
    const missing = await t.app.inject({ url: '/api/admin/accounts/2147483647', headers });
    expect(missing.statusCode).toBe(404);
  });

  it('is forbidden to a member of the account who is no platform admin', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const response = await t.app.inject({
      url: `/api/admin/accounts/${account.id}`,
      headers: await authHeader(t, admin.email),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/admin/devices', () => {
  it("finds any account's tracker for platform admins by serial, with its account and model", async () => {
    const title = `Harbor Haulage ${Date.now()}`;
    const account = await createAccount(t, { title });
    const device = await createDevice(t, account, { name: 'Reefer 7', imei: '356938035643809' });
    await createDevice(t, account, { name: 'Reefer 8' });
    const root = await createUser(t, { is_gpx_admin: true });
    const response = await t.app.inject({
      url: `/api/admin/devices?query=${device.serial}`,
      headers: await authHeader(t, root.email),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        expect.objectContaining({
          id: device.id,
          name: 'Reefer 7',
          serial: device.serial,
          imei: '356938035643809',
          account: { id: account.id, title },
          subscription_status: null,
          last_fix_at: null,
        }),
      ],
      meta: expect.objectContaining({ total: 1 }),
    });

    const byAccount = await t.app.inject({
      url: `/api/admin/devices?query=${encodeURIComponent(title)}`,
      headers: await authHeader(t, root.email),
    });
    expect((byAccount.json().data as { name: string }[]).map((d) => d.name).sort()).toEqual([
      'Reefer 7',
      'Reefer 8',
    ]);
  });

  it('is forbidden to account admins and closed to no one', async () => {
    const admin = await createUser(t, { account: await createAccount(t), role: 'admin' });
    const forbidden = await t.app.inject({
      url: '/api/admin/devices',
      headers: await authHeader(t, admin.email),
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/devices' })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/accounts', () => {
  const create = async (email: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: await authHeader(t, email),
      payload,
    });

  it('creates a customer account with its type and flags, listed and audited', async () => {
    const root = await createUser(t, { is_gpx_admin: true });
    const title = `Northwind Couriers ${Date.now()}`;
    const response = await create(root.email, {
      title: `  ${title} `,
      is_b2b_account: true,
      has_rules_engine: true,
      can_track_shipments: true,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(response.json()).toEqual({
      data: {
        id: expect.any(Number),
        title,
        is_b2b_account: true,
        has_api_access: false,
        has_rules_engine: true,
        can_track_shipments: true,
        role: 'viewer',
        full_device_access: true,
        settings: [],
        devices_count: 0,
        users_count: 0,
      },
    });

    const headers = await authHeader(t, root.email);
    const listed = await t.app.inject({
      url: `/api/admin/accounts?query=${encodeURIComponent(title)}`,
      headers,
    });
    expect(listed.json().data).toEqual([created]);
    const audit = await t.app.inject({
      url: `/api/admin/audit-log?query=${encodeURIComponent(root.email)}`,
      headers,
    });
    expect(audit.json().data[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/accounts',
      status_code: 201,
      summary: `Create account: ${title}`,
    });
  });

  it('makes a consumer account with every flag off when only the type is given', async () => {
    const root = await createUser(t, { is_gpx_admin: true });
    const response = await create(root.email, {
      title: `Home ${Date.now()}`,
      is_b2b_account: false,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      is_b2b_account: false,
      has_api_access: false,
      has_rules_engine: false,
      can_track_shipments: false,
    });
  });

  it('names the field that is wrong', async () => {
    const root = await createUser(t, { is_gpx_admin: true });
    const taken = await createAccount(t, { title: `Taken Title ${Date.now()}` });
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { title: '   ', is_b2b_account: true },
        'title',
        'Give the account a title of up to 100 characters',
      ],
      [
        { title: 'x'.repeat(101), is_b2b_account: true },
        'title',
        'Give the account a title of up to 100 characters',
      ],
      [
        { title: 'No type' },
        'is_b2b_account',
        'is_b2b_account must be true (business) or false (consumer)',
      ],
      [
        { title: 'Bad flag', is_b2b_account: true, has_api_access: 'yes' },
        'has_api_access',
        'has_api_access must be true or false',
      ],
      [
        { title: taken.title.toUpperCase(), is_b2b_account: false },
        'title',
        'An account with this title exists already: choose another title',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await create(root.email, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(payload)).toEqual([message]);
    }
  });

  it('is forbidden to account admins and managers, and needs a token', async () => {
    const account = await createAccount(t);
    for (const role of ['admin', 'manager'] as const) {
      const member = await createUser(t, { account, role });
      const response = await create(member.email, { title: `Mine ${role}`, is_b2b_account: true });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      payload: { title: 'Nobody', is_b2b_account: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const root = await createUser(t, { is_gpx_admin: true });
    const none = await t.app.inject({
      url: '/api/admin/accounts?query=Mine%20',
      headers: await authHeader(t, root.email),
    });
    expect(none.json().data).toEqual([]);
  });
});
