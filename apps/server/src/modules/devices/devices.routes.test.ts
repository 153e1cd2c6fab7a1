import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { decodeDeviceRows, deviceListItemSchema } from '@waymark/domain';
import { accountMemberships, subscriptions } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createModel,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function fleet(settings: Record<string, string> = {}) {
  const account = await createAccount(t, { is_b2b_account: true, settings });
  const sub = async (status: (typeof subscriptions.$inferInsert)['status']) =>
    (await t.db.insert(subscriptions).values({ account_id: account.id, status }).returning())[0]!
      .id;
  const alpha = await createDevice(t, account, {
    name: 'Alpha',
    subscription_id: await sub('active'),
    note: 'Blue trailer',
  });
  const bravo = await createDevice(t, account, {
    name: 'Bravo',
    subscription_id: await sub('pending'),
  });
  const gone = await createDevice(t, account, {
    name: 'Charlie',
    subscription_id: await sub('cancelled'),
  });
  const admin = await createUser(t, { account, role: 'admin' });
  const viewer = await createUser(t, { account, role: 'viewer', full_device_access: false });
  await t.db
    .update(accountMemberships)
    .set({ device_ids: [alpha.id] })
    .where(
      and(eq(accountMemberships.user_id, viewer.id), eq(accountMemberships.account_id, account.id)),
    );
  await t.ctx.pipeline.submit(
    [
      {
        serial: alpha.serial,
        deviceTime: new Date('2026-11-21T10:00:00Z'),
        lat: 36.16,
        lng: -86.78,
        valid: true,
        fix: 'gps',
        battery: 64,
      },
    ],
    'osmand',
  );
  return {
    account,
    alpha,
    bravo,
    gone,
    admin,
    viewer,
    adminHeaders: await authHeader(t, admin.email),
    viewerHeaders: await authHeader(t, viewer.email),
  };
}

describe('GET /api/accounts/{id}/device-list', () => {
  it('lists visible trackers by name with the default statuses and current positions', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/device-list?with_current_position=1`,
      headers: f.adminHeaders,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.map((d: { name: string }) => d.name)).toEqual(['Alpha', 'Bravo']);
    expect(data[0]).toMatchObject({
      subscription_status: 'active',
      model_title: 'Mobile 200',
      note: 'Blue trailer',
      current_position: { battery: 64, location: [-86.78, 36.16] },
    });
    expect(data[1].current_position).toBeNull();
  });

  it('sends the same list in the compact rows form, times as epoch milliseconds', async () => {
    const f = await fleet();
    const url = `/api/v2/accounts/${f.account.id}/device-list?with_current_position=1`;
    const full = (await t.app.inject({ url, headers: f.adminHeaders })).json().data;
    const response = await t.app.inject({ url: `${url}&format=rows`, headers: f.adminHeaders });
    expect(response.statusCode).toBe(200);
    const { fields, rows } = response.json().data;
    expect(rows).toHaveLength(2);
    const alpha = Object.fromEntries(fields.map((name: string, i: number) => [name, rows[0][i]]));
    expect(alpha).toMatchObject({
      id: f.alpha.id,
      name: 'Alpha',
      note: 'Blue trailer',
      lat: 36.16,
      lng: -86.78,
      battery: 64,
      timestamp: Date.parse('2026-11-21T10:00:00Z'),
    });
    expect(full[0].current_position.timestamp).toBe('2026-11-21T10:00:00.000Z');
    // Both forms carry the same trackers, field for field, and the default one fits its schema.
    expect(z.array(deviceListItemSchema.strict()).parse(full)).toEqual(full);
    expect(decodeDeviceRows({ fields, rows })).toEqual(full);
    const bravo = rows[1];
    expect(bravo[fields.indexOf('name')]).toBe('Bravo');
    expect(bravo[fields.indexOf('timestamp')]).toBeNull();
    const without = await t.app.inject({
      url: `/api/accounts/${f.account.id}/device-list?format=rows`,
      headers: f.adminHeaders,
    });
    expect(without.json().data.fields).not.toContain('timestamp');
  });

  it('adds cancelled trackers with show_cancelled_devices, and under the versioned path', async () => {
    const f = await fleet({ show_cancelled_devices: '1' });
    const response = await t.app.inject({
      url: `/api/v2/accounts/${f.account.id}/device-list`,
      headers: f.adminHeaders,
    });
    expect(response.json().data.map((d: { name: string }) => d.name)).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
    ]);
    const only = await t.app.inject({
      url: `/api/accounts/${f.account.id}/device-list?subscription_status=pending`,
      headers: f.adminHeaders,
    });
    expect(only.json().data.map((d: { name: string }) => d.name)).toEqual(['Bravo']);
  });

  it('lists cancelled trackers only with show_cancelled_devices, even when asked for', async () => {
    const f = await fleet();
    const names = async (statuses: string) =>
      (
        await t.app.inject({
          url: `/api/accounts/${f.account.id}/device-list?subscription_status=${statuses}`,
          headers: f.adminHeaders,
        })
      )
        .json()
        .data.map((d: { name: string }) => d.name);
    expect(await names('cancelled')).toEqual([]);
    expect(await names('active,cancelled')).toEqual(['Alpha']);
  });

  it('lists BLE gateways or the other trackers with ble_support', async () => {
    const f = await fleet();
    const gateway = await createModel(t, { ble_support: true });
    await createDevice(t, f.account, {
      name: 'Gateway',
      model_id: gateway.id,
      subscription_id: (
        await t.db
          .insert(subscriptions)
          .values({ account_id: f.account.id, status: 'active' })
          .returning()
      )[0]!.id,
    });
    const names = async (query: string) => {
      const response = await t.app.inject({
        url: `/api/accounts/${f.account.id}/device-list${query}`,
        headers: f.adminHeaders,
      });
      return {
        status: response.statusCode,
        names: response.json().data?.map((d: { name: string }) => d.name),
      };
    };
    expect(await names('?ble_support=1')).toEqual({ status: 200, names: ['Gateway'] });
    expect(await names('?ble_support=0')).toEqual({ status: 200, names: ['Alpha', 'Bravo'] });
    expect((await names('')).names).toEqual(['Alpha', 'Bravo', 'Gateway']);
    expect((await names('?ble_support=maybe')).status).toBe(422);
  });

  it('shows a limited viewer only their trackers and hides other accounts', async () => {
    const f = await fleet();
    const mine = await t.app.inject({
      url: `/api/accounts/${f.account.id}/device-list`,
      headers: f.viewerHeaders,
    });
    expect(mine.json().data.map((d: { name: string }) => d.name)).toEqual(['Alpha']);
    const g = await fleet();
    const foreign = await t.app.inject({
      url: `/api/accounts/${g.account.id}/device-list`,
      headers: f.adminHeaders,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('a long device-list', () => {
  /** `count` trackers named `Fleet 00001`… in reverse insertion order, each subscribed. */
  async function longFleet(count: number) {
    const account = await createAccount(t);
    const model = await createModel(t);
    await t.db.execute(sql`
      WITH subs AS (
        INSERT INTO subscriptions (account_id, status)
        SELECT ${account.id}::int, 'active' FROM generate_series(1, ${count}::int)
        RETURNING id
      ), numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM subs)
      INSERT INTO devices (account_id, model_id, subscription_id, name, serial)
      SELECT ${account.id}::int, ${model.id}::int, id,
             'Fleet ' || lpad((${count}::int + 1 - n)::text, 5, '0'),
             'long-' || ${account.id}::int || '-' || n
      FROM numbered`);
    const admin = await createUser(t, { account, role: 'admin' });
    return { account, headers: await authHeader(t, admin.email) };
  }

  it('arrives whole and sorted, gzipped or plain, the same for requests that overlap', async () => {
    const count = 4500; // more than two of the batches the server reads rows in
    const { account, headers } = await longFleet(count);
    const url = `/api/accounts/${account.id}/device-list?with_current_position=1`;
    const [plain, again, zipped] = await Promise.all([
      t.app.inject({ url, headers }),
      t.app.inject({ url, headers }),
      t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip' } }),
    ]);
    expect([plain.statusCode, again.statusCode, zipped.statusCode]).toEqual([200, 200, 200]);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(again.body).toBe(plain.body);
    const data = z.array(deviceListItemSchema).parse(plain.json<{ data: unknown }>().data);
    expect(data.map((d) => d.name)).toEqual(
      Array.from({ length: count }, (_, i) => `Fleet ${String(i + 1).padStart(5, '0')}`),
    );
  });
});

describe('GET /api/accounts/{id}/devices', () => {
  it('pages and searches by name, serial or address', async () => {
    const f = await fleet();
    const byAddress = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices?query=nashville`,
      headers: f.adminHeaders,
    });
    expect(byAddress.json().data.map((d: { name: string }) => d.name)).toEqual(['Alpha']);
    const bySerial = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices?query=${f.bravo.serial.slice(-6)}`,
      headers: f.adminHeaders,
    });
    expect(bySerial.json().data.map((d: { name: string }) => d.name)).toEqual(['Bravo']);
    const page = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices?per_page=1&page=2`,
      headers: f.adminHeaders,
    });
    expect(page.json().meta).toMatchObject({ current_page: 2, last_page: 2, total: 2 });
  });

  it('loads chosen trackers by ids, as a comma list', async () => {
    const f = await fleet();
    const chosen = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices?ids=${f.bravo.id},${f.alpha.id}`,
      headers: f.adminHeaders,
    });
    expect(chosen.json().data.map((d: { name: string }) => d.name)).toEqual(['Alpha', 'Bravo']);
  });
});

describe('tracker details', () => {
  it('returns the details and lets an admin rename and annotate', async () => {
    const f = await fleet();
    const url = `/api/accounts/${f.account.id}/devices/${f.alpha.id}`;
    const details = await t.app.inject({ url, headers: f.adminHeaders });
    expect(details.json().data).toMatchObject({
      id: f.alpha.id,
      model: { title: 'Mobile 200', has_temperature: false },
      subscription: { status: 'active' },
      triggers: { min_temperature: null },
      users: [expect.objectContaining({ id: f.viewer.id })],
    });
    const update = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.adminHeaders,
      payload: { note: 'Reefer unit' },
    });
    expect(update.json().data.note).toBe('Reefer unit');
    const invalid = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.adminHeaders,
      payload: { name: '' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.name).toEqual(['Name is required']);
  });

  it('is read-only for a viewer and hidden when out of their access', async () => {
    const f = await fleet();
    const base = `/api/accounts/${f.account.id}/devices`;
    expect(
      (await t.app.inject({ url: `${base}/${f.alpha.id}`, headers: f.viewerHeaders })).statusCode,
    ).toBe(200);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `${base}/${f.alpha.id}`,
      headers: f.viewerHeaders,
      payload: { note: 'x' },
    });
    expect(edit.statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `${base}/${f.bravo.id}`, headers: f.viewerHeaders })).statusCode,
    ).toBe(404);
  });

  it('sets which users may see a tracker (manage Users)', async () => {
    const f = await fleet();
    const url = `/api/accounts/${f.account.id}/devices/${f.bravo.id}/users`;
    const response = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.adminHeaders,
      payload: { users: [f.viewer.id] },
    });
    expect(response.json().data.users).toEqual([{ id: f.viewer.id, name: f.viewer.name }]);
    const list = await t.app.inject({
      url: `/api/accounts/${f.account.id}/device-list`,
      headers: f.viewerHeaders,
    });
    expect(list.json().data.map((d: { name: string }) => d.name)).toEqual(['Alpha', 'Bravo']);
    const denied = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.viewerHeaders,
      payload: { users: [] },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('pages events newest first, five at a time', async () => {
    const f = await fleet();
    const { deviceEvents } = await import('../../db/schema');
    await t.db.insert(deviceEvents).values(
      Array.from({ length: 7 }, (_, i) => ({
        account_id: f.account.id,
        device_id: f.alpha.id,
        event_type: 'low-battery' as const,
        description: `Event ${i}`,
        created_at: new Date(Date.UTC(2026, 10, 1, i)),
      })),
    );
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${f.alpha.id}/events?page=1&per_page=5`,
      headers: f.viewerHeaders,
    });
    const body = response.json();
    expect(body.data.map((e: { description: string }) => e.description)).toEqual([
      'Event 6',
      'Event 5',
      'Event 4',
      'Event 3',
      'Event 2',
    ]);
    expect(body.meta.last_page).toBe(2);
  });

  it('stores SLA triggers and checks their order', async () => {
    const f = await fleet();
    const url = `/api/devices/${f.alpha.id}/triggers`;
    const saved = await t.app.inject({
      method: 'POST',
      url,
      headers: f.adminHeaders,
      payload: { min_temperature: 2, max_temperature: 8, min_humidity: null, max_humidity: 90 },
    });
    expect(saved.json().data).toEqual({
      min_temperature: 2,
      max_temperature: 8,
      min_humidity: null,
      max_humidity: 90,
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url,
      headers: f.adminHeaders,
      payload: { min_temperature: 9, max_temperature: 8, min_humidity: null, max_humidity: null },
    });
    expect(wrong.statusCode).toBe(422);
    const g = await fleet();
    expect((await t.app.inject({ url, headers: g.adminHeaders })).statusCode).toBe(404);
  });

  it('answers device ids for groups and filters', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${f.account.id}/device-ids`,
      headers: f.adminHeaders,
      payload: { filters: { subscription_status: ['active'] } },
    });
    expect(response.json().data).toEqual([f.alpha.id]);
  });
});

describe('platform admins', () => {
  it('may look at trackers of any account without changing them', async () => {
    const f = await fleet();
    const root = await createUser(t, { is_gpx_admin: true });
    const headers = await authHeader(t, root.email);
    const details = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${f.bravo.id}`,
      headers,
    });
    expect(details.statusCode).toBe(200);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${f.account.id}/devices/${f.bravo.id}`,
      headers,
      payload: { note: 'x' },
    });
    expect(edit.statusCode).toBe(403);
  });
});
