import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ApiSummaryRow, ApiTrip, FleetTotals } from '@waymark/domain';
import { accountMemberships, timezones } from '../../db/schema';
import { parkDrivePark } from '../../test/drives';
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
  for (const fixes of [
    alpha1,
    parkDrivePark(bravo.serial, Date.parse('2026-11-11T15:00:00Z'), 30, 60),
    parkDrivePark(alpha.serial, Date.parse('2026-11-12T15:00:00Z'), 10, 60, alpha1.at(-1)),
  ])
    await t.ctx.pipeline.submit(fixes, 'gt06');
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
    admin: await authHeader(t, admin.email),
    viewer: await authHeader(t, viewer.email),
  };
}

const RANGE = 'date_from=2026-11-09&date_to=2026-11-13';
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });

/** CSV lines as cells (the files here have no quoted commas but the addresses' quotes). */
function csvRows(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1]!))
    .map((cells) => cells.slice(0, -1).concat(cells.at(-1) === '' ? [] : [cells.at(-1)!]));
}

const miles = (metres: number) => Math.round((metres / 1609.344) * 100) / 100;

describe('fleet report files', () => {
  let f: Awaited<ReturnType<typeof fleet>>;
  beforeAll(async () => {
    f = await fleet();
  });

  it('downloads the trips as CSV: every row and the totals, in miles and the account’s clock', async () => {
    const json = (await get(`/api/accounts/${f.account.id}/trips?${RANGE}`, f.admin)).json<{
      data: ApiTrip[];
      totals: FleetTotals;
    }>();
    const response = await get(
      `/api/accounts/${f.account.id}/trips?${RANGE}&format=csv&per_page=1`,
      f.admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="trips-2026-11-09-2026-11-13.csv"',
    );
    const [header, ...rest] = csvRows(response.body);
    expect(header!.slice(0, 2)).toEqual(['tracker', 'start_time (America/Chicago)']);
    const distance = header!.indexOf('distance_mi');
    const rows = rest.slice(0, -1);
    const totals = rest.at(-1)!;
    expect(rows.map((row) => row[0])).toEqual(json.data.map((trip) => trip.device_name));
    expect(rows.map((row) => Number(row[distance]))).toEqual(
      json.data.map((trip) => miles(trip.distance)),
    );
    // Parked 15 minutes from 15:00Z: the drive starts 09:15 in Chicago (CST, UTC-6).
    expect(rows.at(-1)![1]).toBe('2026-11-10 09:15:00');
    expect(totals[0]).toBe('Total (3 trips)');
    expect(Number(totals[distance])).toBe(miles(json.totals.distance));
  });

  it('downloads the summary as XLSX with its rows and totals', async () => {
    const json = (await get(`/api/accounts/${f.account.id}/summary?${RANGE}`, f.admin)).json<{
      data: ApiSummaryRow[];
      totals: FleetTotals;
    }>();
    const response = await get(
      `/api/accounts/${f.account.id}/summary?${RANGE}&format=xlsx`,
      f.admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="summary-2026-11-09-2026-11-13.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Summary')!;
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    // Row values are 1-based: [, tracker, period, distance_mi, ...].
    expect(values[0]!.slice(1, 4)).toEqual(['tracker', 'period_start', 'distance_mi']);
    expect(values.slice(1, -1).map((row) => [row[1], row[2], row[3]])).toEqual(
      json.data.map((row) => [row.device_name, row.period_start, miles(row.distance)]),
    );
    const totals = values.at(-1)!;
    expect([totals[1], totals[3]]).toEqual(['Total', miles(json.totals.distance)]);
  });

  it('downloads the stops as a PDF', async () => {
    const response = await get(`/api/accounts/${f.account.id}/stops?${RANGE}&format=pdf`, f.admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="stops-2026-11-09-2026-11-13.pdf"',
    );
    expect(response.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('gives a viewer a file of only the trackers they see', async () => {
    const response = await get(`/api/accounts/${f.account.id}/trips?${RANGE}&format=csv`, f.viewer);
    const [, ...rest] = csvRows(response.body);
    expect(rest.map((row) => row[0])).toEqual(['Bravo', 'Total (1 trip)']);
  });

  it('refuses an unknown format, naming the field', async () => {
    const response = await get(`/api/accounts/${f.account.id}/trips?format=doc`, f.admin);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { format: ['format must be csv, xlsx or pdf'] },
    });
  });
});
