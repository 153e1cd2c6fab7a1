import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  ApiFleetStop,
  ApiSummaryRow,
  ApiTrip,
  FleetTotals,
  RawPosition,
} from '@waymark/domain';
import { accountMemberships, timezones } from '../../db/schema';
import { greatCircle, parkDrivePark } from '../../test/drives';
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

interface Report<T> {
  data: T[];
  meta: { total: number; date_from: string; date_to: string; timezone: string };
  totals: FleetTotals;
}

/** A Chicago account: Alpha drove 20 km on Nov 10 and 10 km on Nov 12, Bravo 30 km on Nov 11. */
async function fleet() {
  const [zone] = await t.db
    .select({ id: timezones.id })
    .from(timezones)
    .where(eq(timezones.identifier, 'America/Chicago'));
  const account = await createAccount(t, { is_b2b_account: true, timezone_id: zone!.id });
  const alpha = await createDevice(t, account, { name: 'Alpha' });
  const bravo = await createDevice(t, account, { name: 'Bravo' });
  const alpha1 = parkDrivePark(alpha.serial, Date.parse('2026-11-10T15:00:00Z'), 20, 60);
  const drives: Record<'alpha1' | 'bravo' | 'alpha2', RawPosition[]> = {
    alpha1,
    bravo: parkDrivePark(bravo.serial, Date.parse('2026-11-11T15:00:00Z'), 30, 60),
    // From where the first drive parked.
    alpha2: parkDrivePark(alpha.serial, Date.parse('2026-11-12T15:00:00Z'), 10, 60, alpha1.at(-1)),
  };
  for (const fixes of Object.values(drives)) await t.ctx.pipeline.submit(fixes, 'gt06');
  await t.ctx.pipeline.flush();

  const admin = await createUser(t, { account, role: 'admin' });
  const viewer = await createUser(t, { account, role: 'viewer', full_device_access: false });
  await t.db
    .update(accountMemberships)
    .set({ device_ids: [bravo.id] })
    .where(
      and(eq(accountMemberships.user_id, viewer.id), eq(accountMemberships.account_id, account.id)),
    );
  return {
    account,
    alpha,
    bravo,
    drives,
    admin: await authHeader(t, admin.email),
    viewer: await authHeader(t, viewer.email),
  };
}

async function get<T>(url: string, headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json<Report<T>>() };
}

const RANGE = 'date_from=2026-11-09&date_to=2026-11-13';
const within2 = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected) / expected).toBeLessThan(0.02);

describe('fleet reports', () => {
  let f: Awaited<ReturnType<typeof fleet>>;
  beforeAll(async () => {
    f = await fleet();
  });

  it('lists each drive as a trip, newest first, its distance the great-circle sum', async () => {
    const { status, body } = await get<ApiTrip>(
      `/api/accounts/${f.account.id}/trips?${RANGE}`,
      f.admin,
    );
    expect(status).toBe(200);
    expect(body.data.map((trip) => trip.device_name)).toEqual(['Alpha', 'Bravo', 'Alpha']);
    within2(body.data[0]!.distance, greatCircle(f.drives.alpha2.slice(29, 51)));
    within2(body.data[1]!.distance, greatCircle(f.drives.bravo.slice(29, 91)));
    expect(body.data[1]!.driving_time).toBe(30 * 60);
    expect(body.data.every((trip) => !trip.ongoing)).toBe(true);
    expect(body.meta).toMatchObject({
      total: 3,
      date_from: '2026-11-09',
      date_to: '2026-11-13',
      timezone: 'America/Chicago',
    });
    within2(
      body.totals.distance,
      body.data.reduce((sum, trip) => sum + trip.distance, 0),
    );
  });

  it('narrows to the trackers asked for, and pages', async () => {
    const { body } = await get<ApiTrip>(
      `/api/accounts/${f.account.id}/trips?${RANGE}&device_ids=${f.alpha.id}&per_page=1&page=2`,
      f.admin,
    );
    expect(body.meta.total).toBe(2);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]!.start.time).toBe(f.drives.alpha1[29]!.deviceTime.toISOString());
  });

  it('sums each tracker’s local days, by day and by week', async () => {
    const daily = await get<ApiSummaryRow>(
      `/api/accounts/${f.account.id}/summary?${RANGE}&period=day`,
      f.admin,
    );
    expect(daily.body.data.map((row) => [row.device_name, row.period_start])).toEqual([
      ['Alpha', '2026-11-10'],
      ['Alpha', '2026-11-12'],
      ['Bravo', '2026-11-11'],
    ]);
    within2(daily.body.data[2]!.distance, greatCircle(f.drives.bravo));
    expect(daily.body.data[2]!.trips).toBe(1);
    expect(daily.body.data[2]!.driving_time).toBe(30 * 60);

    const weekly = await get<ApiSummaryRow>(
      `/api/accounts/${f.account.id}/summary?${RANGE}&period=week`,
      f.admin,
    );
    // Nov 9, 2026 is a Monday: one week row per tracker.
    expect(weekly.body.data.map((row) => [row.device_name, row.period_start])).toEqual([
      ['Alpha', '2026-11-09'],
      ['Bravo', '2026-11-09'],
    ]);
    within2(
      weekly.body.data[0]!.distance,
      greatCircle(f.drives.alpha1) + greatCircle(f.drives.alpha2),
    );
    expect(weekly.body.data[0]!.trips).toBe(2);
    expect(weekly.body.totals.trips).toBe(3);
  });

  it('lists the stops between drives, and the stop each tracker is in now', async () => {
    const { body } = await get<ApiFleetStop>(
      `/api/accounts/${f.account.id}/stops?date_from=2026-11-12&date_to=2026-11-12`,
      f.admin,
    );
    // Alpha parked after its second drive (ongoing) and before it (stored, from Nov 10).
    const alpha = body.data.filter((stop) => stop.device_name === 'Alpha');
    expect(alpha.map((stop) => stop.ongoing)).toEqual([true]);
    expect(alpha[0]!.start_time).toBe(f.drives.alpha2[50]!.deviceTime.toISOString());
  });

  it('shows a viewer only the trackers they see', async () => {
    const { body } = await get<ApiTrip>(`/api/accounts/${f.account.id}/trips?${RANGE}`, f.viewer);
    expect(body.data.map((trip) => trip.device_name)).toEqual(['Bravo']);
    const summary = await get<ApiSummaryRow>(
      `/api/accounts/${f.account.id}/summary?${RANGE}`,
      f.viewer,
    );
    expect(summary.body.data.map((row) => row.device_name)).toEqual(['Bravo']);
  });

  it('refuses a range that ends before it starts, naming the field', async () => {
    const { status, body } = await get<never>(
      `/api/accounts/${f.account.id}/summary?date_from=2026-11-13&date_to=2026-11-09`,
      f.admin,
    );
    expect(status).toBe(422);
    expect(body).toMatchObject({
      errors: { date_from: ['The start date must be before the end date'] },
    });
    const bad = await get<never>(`/api/accounts/${f.account.id}/trips?date_to=yesterday`, f.admin);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: { date_to: ['Use a date like 2026-11-30'] } });
  });

  it('answers 404 for another account, 401 without a token', async () => {
    const other = await createAccount(t);
    expect((await get(`/api/accounts/${other.id}/trips`, f.admin)).status).toBe(404);
    expect((await get(`/api/accounts/${f.account.id}/summary`, {})).status).toBe(401);
  });
});
