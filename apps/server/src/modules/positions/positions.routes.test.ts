import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  currentPositionSchema,
  decodePositionRows,
  historyColumnsSchema,
  positionsOfColumns,
} from '@waymark/domain';
import { accountMemberships } from '../../db/schema';
import type { RawPosition } from '@waymark/domain';
import {
  authHeader,
  createAccount,
  createDevice,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';
import { parkDrivePark } from '../../test/drives';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (
  serial: string,
  iso: string,
  lat: number,
  lng: number,
  over: Partial<RawPosition> = {},
): RawPosition => ({
  serial,
  deviceTime: new Date(iso),
  lat,
  lng,
  valid: true,
  fix: 'gps',
  speed: 36,
  speedUnit: 'kmh',
  ...over,
});

/** An account with two trackers that drove, a limited viewer who sees only the first. */
async function fleet() {
  const account = await createAccount(t);
  const truck = await createDevice(t, account, { name: 'Truck "A", north' });
  const van = await createDevice(t, account, { name: 'Van B' });
  const admin = await createUser(t, { account, role: 'admin' });
  const viewer = await createUser(t, { account, role: 'viewer', full_device_access: false });
  await t.db
    .update(accountMemberships)
    .set({ device_ids: [truck.id] })
    .where(
      and(eq(accountMemberships.user_id, viewer.id), eq(accountMemberships.account_id, account.id)),
    );
  const track: RawPosition[] = [
    at(truck.serial, '2026-11-20T08:00:00Z', 41.8, -87.6),
    at(truck.serial, '2026-11-20T08:10:00Z', 41.9, -87.6, { speed: 0 }),
    at(truck.serial, '2026-11-20T08:20:00Z', 41.9001, -87.6001, { speed: 0 }),
    at(truck.serial, '2026-11-20T08:40:00Z', 41.9002, -87.6, { speed: 0 }),
    at(truck.serial, '2026-11-20T09:00:00Z', 42.0, -87.7, { battery: 55 }),
    at(van.serial, '2026-11-20T08:30:00Z', 39.1, -94.6, { fix: 'cell', accuracy: 1200 }),
  ];
  await t.ctx.pipeline.submit(track, 'osmand');
  return {
    account,
    truck,
    van,
    admin: await authHeader(t, admin.email),
    viewer: await authHeader(t, viewer.email),
  };
}

describe('GET /api/accounts/{id}/current-positions', () => {
  it('lists the newest position of each tracker the user may see', async () => {
    const f = await fleet();
    const all = await t.app.inject({
      url: `/api/accounts/${f.account.id}/current-positions?raw=1`,
      headers: f.admin,
    });
    expect(all.statusCode).toBe(200);
    const data = all.json().data;
    expect(data.map((p: { device_id: number }) => p.device_id).sort()).toEqual(
      [f.truck.id, f.van.id].sort(),
    );
    expect(data.find((p: { device_id: number }) => p.device_id === f.truck.id)).toMatchObject({
      location: [-87.7, 42.0],
      battery: 55,
      fix: 'gps',
      timestamp: '2026-11-20T09:00:00.000Z',
      address: expect.stringMatching(/^Near /),
    });
    const limited = await t.app.inject({
      url: `/api/accounts/${f.account.id}/current-positions`,
      headers: f.viewer,
    });
    expect(limited.json().data.map((p: { device_id: number }) => p.device_id)).toEqual([
      f.truck.id,
    ]);
    const filtered = await t.app.inject({
      url: `/api/accounts/${f.account.id}/current-positions?device_ids=${f.van.id}`,
      headers: f.admin,
    });
    expect(filtered.json().data.map((p: { device_id: number }) => p.device_id)).toEqual([f.van.id]);
  });

  it('sends the compact rows form with times as epoch milliseconds', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/current-positions?raw=1&format=rows&device_ids=${f.truck.id}`,
      headers: f.admin,
    });
    expect(response.statusCode).toBe(200);
    const { fields, rows } = response.json().data;
    expect(fields.slice(0, 4)).toEqual(['device_id', 'lat', 'lng', 'timestamp']);
    expect(rows).toEqual([
      expect.arrayContaining([f.truck.id, 42.0, -87.7, Date.parse('2026-11-20T09:00:00Z')]),
    ]);
    expect(rows[0][fields.indexOf('battery')]).toBe(55);
    const full = await t.app.inject({
      url: `/api/accounts/${f.account.id}/current-positions?raw=1&device_ids=${f.truck.id}`,
      headers: f.admin,
    });
    const positions = full.json().data;
    expect(z.array(currentPositionSchema.strict()).parse(positions)).toEqual(positions);
    expect(decodePositionRows({ fields, rows })).toEqual(positions);
  });

  it("answers 404 for another account's positions", async () => {
    const f = await fleet();
    const outsider = await createUser(t, { account: await createAccount(t) });
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/current-positions`,
      headers: await authHeader(t, outsider.email),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/accounts/{id}/devices/{id}/positions', () => {
  it('returns the history in the range, oldest first', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${f.truck.id}/positions?date_from=2026-11-20 08:05:00&date_to=2026-11-20T08:45:00Z`,
      headers: f.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((p: { timestamp: string }) => p.timestamp)).toEqual([
      '2026-11-20T08:10:00.000Z',
      '2026-11-20T08:20:00.000Z',
      '2026-11-20T08:40:00.000Z',
    ]);
  });

  it('downloads CSV with times in the caller offset and speeds in mph', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${f.truck.id}/positions?date_from=2026-11-20T00:00:00Z&date_to=2026-11-21T00:00:00Z&download=true&offset=360`,
      headers: f.admin,
    });
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'device,time,latitude,longitude,fix,speed_mph,course,altitude_m,accuracy_m,battery_percent,temperature_f,humidity_percent,address',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(/^"Truck ""A"", north",2026-11-20 02:00:00,41.8,-87.6,gps,22.4,/);
  });

  it('answers 404 for a tracker a limited viewer may not see, and for other accounts', async () => {
    const f = await fleet();
    const hidden = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${f.van.id}/positions`,
      headers: f.viewer,
    });
    expect(hidden.statusCode).toBe(404);
    const g = await fleet();
    const foreign = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${g.truck.id}/positions`,
      headers: f.admin,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('sends the same fixes as columns with format=columns', async () => {
    const f = await fleet();
    const url = `/api/accounts/${f.account.id}/devices/${f.truck.id}/positions?date_from=2026-11-20T08:05:00Z&date_to=2026-11-20T09:00:00Z`;
    for (const extra of ['', '&include_filtered=true']) {
      const objects = await t.app.inject({ url: url + extra, headers: f.admin });
      const columns = await t.app.inject({
        url: `${url}${extra}&format=columns`,
        headers: f.admin,
      });
      expect(columns.statusCode).toBe(200);
      const data = columns.json().data;
      expect(historyColumnsSchema.strict().parse(data)).toEqual(data);
      expect(data.times).toEqual([
        Date.parse('2026-11-20T08:10:00Z'),
        Date.parse('2026-11-20T08:20:00Z'),
        Date.parse('2026-11-20T08:40:00Z'),
        Date.parse('2026-11-20T09:00:00Z'),
      ]);
      expect(data.battery).toEqual([null, null, null, 55]);
      expect(positionsOfColumns(data)).toEqual(objects.json().data);
    }
  });

  it('sends empty columns for a range without fixes', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${f.truck.id}/positions?date_from=2026-11-19T00:00:00Z&date_to=2026-11-19T01:00:00Z&format=columns`,
      headers: f.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ device_id: f.truck.id, times: [], lat: [] });
  });

  it('rejects an unknown format, naming the field and the formats allowed', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${f.truck.id}/positions?format=rowz`,
      headers: f.admin,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.format).toEqual(['format must be csv or columns']);
  });

  it('guards the columns as it guards the objects: a hidden tracker, another account', async () => {
    const f = await fleet();
    const g = await fleet();
    const outsider = await authHeader(
      t,
      (await createUser(t, { account: await createAccount(t) })).email,
    );
    const asks = [
      { url: `/api/accounts/${f.account.id}/devices/${f.van.id}/positions`, headers: f.viewer },
      { url: `/api/accounts/${f.account.id}/devices/${g.truck.id}/positions`, headers: f.admin },
      { url: `/api/accounts/${f.account.id}/devices/${f.truck.id}/positions`, headers: outsider },
    ];
    for (const ask of asks) {
      const objects = await t.app.inject(ask);
      const columns = await t.app.inject({ ...ask, url: `${ask.url}?format=columns` });
      expect(objects.statusCode).toBe(404);
      expect(columns.statusCode).toBe(objects.statusCode);
      expect(columns.body).not.toContain('"times"');
    }
  });

  it('rejects a start after the end with the spec message', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${f.truck.id}/positions?date_from=2026-11-21T00:00:00Z&date_to=2026-11-20T00:00:00Z`,
      headers: f.admin,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.date_from).toEqual([
      'The start date must be before the end date',
    ]);
  });
});

describe('POST /api/accounts/{id}/positions', () => {
  it('returns one path per visible tracker and skips the others', async () => {
    const f = await fleet();
    const g = await fleet();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${f.account.id}/positions`,
      headers: f.viewer,
      payload: {
        date_from: '2026-11-20 00:00:00',
        date_to: '2026-11-21 00:00:00',
        device_ids: [f.truck.id, f.van.id, g.truck.id],
      },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.map((d: { device_id: number }) => d.device_id)).toEqual([f.truck.id]);
    expect(data[0].path).toHaveLength(5);
  });
});

describe('GET /api/accounts/{id}/devices/{id}/stops', () => {
  it('lists the stops the trips segmentation stored and the one the tracker is in now', async () => {
    const f = await fleet();
    const car = await createDevice(t, f.account);
    // Parked 15 min from 10:00:30, 20 min at 60 km/h, parked 15 min (fixes every 30 s).
    const track = parkDrivePark(car.serial, Date.parse('2026-11-21T10:00:00Z'), 20, 60);
    await t.ctx.pipeline.submit(track, 'gt06');
    const stopAt = (from: number, to: number) => ({
      start_time: track[from]!.deviceTime.toISOString(),
      end_time: track[to]!.deviceTime.toISOString(),
      radius: 0.1,
      location: [expect.closeTo(track[from]!.lng, 6), expect.closeTo(track[from]!.lat, 6)],
      address: expect.stringMatching(/^Near /),
    });
    const url = `/api/accounts/${f.account.id}/devices/${car.id}/stops?date_from=2026-11-21T00:00:00Z&date_to=2026-11-22T00:00:00Z`;
    const response = await t.app.inject({ url: `${url}&format=zulu`, headers: f.admin });
    expect(response.statusCode).toBe(200);
    // From the legs: parked from the first fix to the last before moving (fix 29), and from
    // the first still fix after the drive (fix 70) to the newest, ongoing.
    expect(response.json().data).toEqual([stopAt(0, 29), stopAt(70, 99)]);

    const csv = await t.app.inject({ url: `${url}&download=true&offset=0`, headers: f.admin });
    expect(csv.body.split('\r\n')[1]).toMatch(/^2026-11-21 10:00:30,2026-11-21 10:15:00,15,/);
    // Asked with format=zulu, as the tracker's Download stops asks, the times say they are UTC.
    const zulu = await t.app.inject({
      url: `${url}&format=zulu&download=true&offset=300`,
      headers: f.admin,
    });
    expect(zulu.statusCode).toBe(200);
    expect(zulu.headers['content-type']).toMatch(/^text\/csv/);
    expect(zulu.body.split('\r\n')[2]).toMatch(/^2026-11-21T10:35:30Z,2026-11-21T10:50:00Z,15,/);

    // A range that ends before the tracker stopped the second time holds only the first stop.
    const morning = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${car.id}/stops?date_from=2026-11-21T00:00:00Z&date_to=2026-11-21T10:30:00Z`,
      headers: f.admin,
    });
    expect(morning.json().data).toEqual([stopAt(0, 29)]);
  });

  it('is 404 for a tracker the user does not see', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      url: `/api/accounts/${f.account.id}/devices/${f.van.id}/stops`,
      headers: f.viewer,
    });
    expect(response.statusCode).toBe(404);
  });
});
