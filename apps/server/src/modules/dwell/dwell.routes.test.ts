import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { DwellDevice, DwellGeofence } from '@waymark/domain';
import { accountMemberships, deviceGroups, devices, geofenceVisits } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createDevice,
  createGeofence,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const DAY_S = 86_400;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

async function visit(
  account: { id: number },
  geofence: { id: number },
  device: { id: number },
  enteredDaysAgo: number,
  exitedDaysAgo: number | null = null,
) {
  await t.db.insert(geofenceVisits).values({
    account_id: account.id,
    geofence_id: geofence.id,
    device_id: device.id,
    entered_at: daysAgo(enteredDaysAgo),
    exited_at: exitedDaysAgo === null ? null : daysAgo(exitedDaysAgo),
  });
}

/**
 * A depot with a 2-day SLA: A inside for 3 days (over the SLA), B inside for 1 day, C visited
 * 10→8 and 50→40 days ago, D 35→25 days ago (half inside the 30-day period). A yard without
 * SLA has one open visit; an empty lot has none.
 */
async function dashboard() {
  const account = await createAccount(t, { settings: { dashboards: '1' } });
  const [a, b, c, d] = [
    await createDevice(t, account, { name: 'Alpha' }),
    await createDevice(t, account, { name: 'Bravo' }),
    await createDevice(t, account, { name: 'Charlie' }),
    await createDevice(t, account, { name: 'Delta' }),
  ] as const;
  const [reefers] = await t.db
    .insert(deviceGroups)
    .values({ account_id: account.id, name: 'Reefers' })
    .returning();
  await t.db
    .update(devices)
    .set({ group_ids: [reefers!.id] })
    .where(eq(devices.id, a.id));
  const depot = await createGeofence(t, account, {
    name: 'Chicago Depot',
    address: 'Chicago, IL, US',
    allowable_dwell_days: 2,
    min_assets: 1,
    max_assets: 5,
  });
  const yard = await createGeofence(t, account, { name: 'Dallas Yard', address: 'Dallas, TX' });
  const lot = await createGeofence(t, account, { name: 'Empty Lot', allowable_dwell_days: 4 });
  await visit(account, depot, a, 3);
  await visit(account, depot, b, 1);
  await visit(account, depot, c, 10, 8);
  await visit(account, depot, c, 50, 40);
  await visit(account, depot, d, 35, 25);
  await visit(account, yard, d, 0.5);

  const admin = await createUser(t, { account, role: 'admin' });
  const manager = await createUser(t, { account, role: 'manager', full_device_access: false });
  await t.db
    .update(accountMemberships)
    .set({ device_ids: [a.id, c.id] })
    .where(
      and(
        eq(accountMemberships.user_id, manager.id),
        eq(accountMemberships.account_id, account.id),
      ),
    );
  const user = await createUser(t, { account, role: 'user' });
  return {
    account,
    devices: { a, b, c, d },
    reefers: reefers!,
    depot,
    yard,
    lot,
    admin: await authHeader(t, admin.email),
    manager: await authHeader(t, manager.email),
    user: await authHeader(t, user.email),
  };
}

type Dashboard = Awaited<ReturnType<typeof dashboard>>;
let f: Dashboard;
beforeAll(async () => {
  f = await dashboard();
});

const table = async (headers: Record<string, string>, query = '', accountId = f.account.id) => {
  const response = await t.app.inject({
    url: `/api/accounts/${accountId}/dwell/geofences${query}`,
    headers,
  });
  return { status: response.statusCode, body: response.json() };
};
const rowOf = (rows: DwellGeofence[], id: number) => rows.find((r) => r.id === id)!;
/**
 * Open visits grow between inserting them and asking (seconds on a busy machine): a minute
 * either way is the same figure for dwell counted in days.
 */
const expectSeconds = (actual: number | null, expected: number) =>
  expect(Math.abs((actual ?? Number.NaN) - expected)).toBeLessThanOrEqual(60);

describe('GET /api/accounts/{id}/dwell/geofences', () => {
  it('gives each geofence its dwell figures over the last 30 days by default', async () => {
    const { status, body } = await table(f.admin);
    expect(status).toBe(200);
    const rows = body.data as DwellGeofence[];
    expect(rows.map((r) => r.name)).toEqual(['Chicago Depot', 'Dallas Yard', 'Empty Lot']);

    const depot = rowOf(rows, f.depot.id);
    expect(depot).toMatchObject({
      period: 30,
      address: 'Chicago, IL, US',
      allowable_dwell_days: 2,
      min_assets: 1,
      max_assets: 5,
      devices_count: 2,
      assets_exceeding_dwell: 1,
    });
    // A 3 d + B 1 d + C 2 d + D 5 d (clipped at 30 days back) over 4 visits = 2.75 days.
    expectSeconds(depot.avg_time, 2.75 * DAY_S);
    expect(depot.average_dwell_time_percentage).toBe(137.5);

    const yard = rowOf(rows, f.yard.id);
    expect(yard).toMatchObject({
      devices_count: 1,
      allowable_dwell_days: null,
      average_dwell_time_percentage: null,
      assets_exceeding_dwell: 0,
    });
    expectSeconds(yard.avg_time, 0.5 * DAY_S);

    expect(rowOf(rows, f.lot.id)).toMatchObject({
      devices_count: 0,
      avg_time: null,
      average_dwell_time_percentage: null,
      assets_exceeding_dwell: 0,
    });
  });

  it('looks back 60 or 90 days when asked', async () => {
    const { body } = await table(f.admin, '?period=60');
    const depot = rowOf(body.data, f.depot.id);
    expect(depot.period).toBe(60);
    // 3 + 1 + 2 + 10 + 10 days over 5 visits.
    expectSeconds(depot.avg_time, 5.2 * DAY_S);
    expect(depot.average_dwell_time_percentage).toBe(260);
    expect(depot.devices_count).toBe(2);
  });

  it('refuses another period with the allowed values', async () => {
    const { status, body } = await table(f.admin, '?period=45');
    expect(status).toBe(422);
    expect(body.errors).toEqual({ period: ['must be 30, 60 or 90'] });
  });

  it('matches the search against name or address, in any case', async () => {
    const byName = await table(f.admin, '?search=dEpOt');
    expect(byName.body.data.map((r: DwellGeofence) => r.id)).toEqual([f.depot.id]);
    const byAddress = await table(f.admin, '?search=tx');
    expect(byAddress.body.data.map((r: DwellGeofence) => r.id)).toEqual([f.yard.id]);
    const none = await table(f.admin, '?search=100%25');
    expect(none.body.data).toEqual([]);
  });

  it('counts only the devices the user may see', async () => {
    const { body } = await table(f.manager);
    const depot = rowOf(body.data, f.depot.id);
    // A (3 d, open) and C (2 d) only.
    expect(depot.devices_count).toBe(1);
    expect(depot.assets_exceeding_dwell).toBe(1);
    expectSeconds(depot.avg_time, 2.5 * DAY_S);
    expect(rowOf(body.data, f.yard.id).devices_count).toBe(0);
  });

  it('needs view Dashboard: a Power User and an account without dashboards get 403', async () => {
    expect((await table(f.user)).status).toBe(403);
    const plain = await createAccount(t);
    const admin = await createUser(t, { account: plain, role: 'admin' });
    expect((await table(await authHeader(t, admin.email), '', plain.id)).status).toBe(403);
  });

  it('answers 404 for another account and 401 without a token', async () => {
    const other = await createAccount(t, { settings: { dashboards: '1' } });
    const stranger = await createUser(t, { account: other, role: 'admin' });
    const headers = await authHeader(t, stranger.email);
    expect((await table(headers)).status).toBe(404);
    expect((await table({})).status).toBe(401);
  });
});

describe('GET /api/accounts/{id}/dwell/geofences/{geofenceId}', () => {
  const one = async (headers: Record<string, string>, id: number, query = '') => {
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/dwell/geofences/${id}${query}`,
      headers,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('gives the figures of one geofence for the period', async () => {
    const { status, body } = await one(f.admin, f.depot.id, '?period=90');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: f.depot.id, period: 90, devices_count: 2 });
    expect(body.data.average_dwell_time_percentage).toBe(260);
  });

  it("answers 404 for a missing geofence and another account's geofence", async () => {
    expect((await one(f.admin, 999_999)).status).toBe(404);
    const other = await createAccount(t, { settings: { dashboards: '1' } });
    const theirs = await createGeofence(t, other);
    const { status, body } = await one(f.admin, theirs.id);
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Not Found' });
  });

  it('needs view Dashboard', async () => {
    expect((await one(f.user, f.depot.id)).status).toBe(403);
  });
});

describe('GET /api/accounts/{id}/dwell/geofences/{geofenceId}/devices', () => {
  const devicesIn = async (headers: Record<string, string>, id: number) => {
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/dwell/geofences/${id}/devices`,
      headers,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('lists the devices inside now, longest stay first, with groups and days since entry', async () => {
    const { status, body } = await devicesIn(f.admin, f.depot.id);
    expect(status).toBe(200);
    const rows = body.data as DwellDevice[];
    expect(rows.map((r) => r.device.name)).toEqual(['Alpha', 'Bravo']);
    expect(rows[0]).toMatchObject({
      device: { id: f.devices.a.id, groups: [{ id: f.reefers.id, name: 'Reefers' }] },
      days_spent_since_entry: 3,
    });
    expect(rows[1]).toMatchObject({ device: { groups: [] }, days_spent_since_entry: 1 });
    expect(Date.now() - Date.parse(rows[0]!.entered_at)).toBeGreaterThanOrEqual(3 * DAY_MS);
  });

  it('is empty for a geofence nobody is in, and hides devices the user may not see', async () => {
    expect((await devicesIn(f.admin, f.lot.id)).body.data).toEqual([]);
    const seen = (await devicesIn(f.manager, f.depot.id)).body.data as DwellDevice[];
    expect(seen.map((r) => r.device.id)).toEqual([f.devices.a.id]);
  });

  it("answers 404 for a missing geofence or another account's, 403 without view Dashboard", async () => {
    expect((await devicesIn(f.admin, 999_999)).status).toBe(404);
    const other = await createAccount(t, { settings: { dashboards: '1' } });
    const theirs = await createGeofence(t, other);
    expect((await devicesIn(f.admin, theirs.id)).status).toBe(404);
    expect((await devicesIn(f.user, f.depot.id)).status).toBe(403);
  });
});

describe('inline edits through PUT /api/accounts/{id}/geofences/{geofenceId}', () => {
  it('change one dwell setting and the figures follow it', async () => {
    const yard = await createGeofence(t, f.account, { name: 'Inline Yard' });
    await visit(f.account, yard, f.devices.b, 3);
    const put = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/accounts/${f.account.id}/geofences/${yard.id}`,
        headers: f.admin,
        payload: body,
      });
    const dwellOf = async () =>
      (
        await t.app.inject({
          url: `/api/accounts/${f.account.id}/dwell/geofences/${yard.id}`,
          headers: f.admin,
        })
      ).json().data as DwellGeofence;

    expect((await put({ allowable_dwell_days: 4 })).statusCode).toBe(200);
    // 3 days inside against a 4-day SLA; not over it yet.
    expect(await dwellOf()).toMatchObject({
      allowable_dwell_days: 4,
      average_dwell_time_percentage: 75,
      assets_exceeding_dwell: 0,
    });
    expect((await put({ allowable_dwell_days: 2, min_assets: 2 })).statusCode).toBe(200);
    expect(await dwellOf()).toMatchObject({
      allowable_dwell_days: 2,
      min_assets: 2,
      average_dwell_time_percentage: 150,
      assets_exceeding_dwell: 1,
    });

    const invalid = await put({ max_assets: 501 });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ max_assets: ['cannot be greater than 500'] });
    expect((await put({ allowable_dwell_days: null })).statusCode).toBe(200);
    expect(await dwellOf()).toMatchObject({
      allowable_dwell_days: null,
      average_dwell_time_percentage: null,
    });
  });
});
