import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeReportPositions,
  positionSchema,
  REPORT_POSITION_FIELDS,
  reportDetailsSchema,
  type ReportPositionRows,
  type ApiReport,
  type ApiReportDetails,
} from '@waymark/domain';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { deviceEvents, devices, reports } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  addEvent,
  drive,
  minutesAfter,
  parked,
  report,
  reportFleet,
  trackStart,
  type Headers,
  type ReportFleet,
} from './reports.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fleet whose Alpha drove an hour from `start`, with an alert inside and one after. */
async function drivenFleet() {
  const f = await reportFleet(t);
  const start = trackStart();
  await report(t, drive(f.alpha.serial, start));
  const inside = await addEvent(t, f.alpha, start + 12 * 60_000, 'Alpha entered Depot');
  await addEvent(t, f.alpha, start + 90 * 60_000, 'Alpha left Depot');
  const range = { start_at: minutesAfter(start, 0), end_at: minutesAfter(start, 60) };
  return { ...f, start, range, inside };
}

async function details(f: ReportFleet, id: number, as: Headers = f.headers.admin) {
  const response = await t.app.inject({ url: f.url(`/${id}?include=device`), headers: as });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: ApiReportDetails }>().data;
}

describe('POST /api/accounts/{id}/reports', () => {
  it('saves a report with every include_* on and its snapshot', async () => {
    const f = await drivenFleet();
    const created = await f.create({ device_id: f.alpha.id, ...f.range });
    expect(created).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      is_public: false,
      start_at: f.range.start_at,
      end_at: f.range.end_at,
      created_at: expect.any(String),
      include_positions: true,
      include_sensors: true,
      include_alerts: true,
      include_geofence_name: true,
      device: { id: f.alpha.id, name: 'Alpha', account_id: f.account.id },
    });
    const [row] = await t.db
      .select({ count: reports.positions_count })
      .from(reports)
      .where(eq(reports.id, created.id));
    expect(row?.count).toBe(21);

    const data = await details(f, created.id);
    expect(data).toMatchObject(created);
    expect(data.positions).toHaveLength(21);
    expect(data.positions[0]).toMatchObject({
      device_id: f.alpha.id,
      lat: 41.8,
      lng: -87.6298,
      location: [-87.6298, 41.8],
      timestamp: f.range.start_at,
      fix: 'gps',
      battery: 80,
      temperature: 21.5,
    });
    // The body is written as text (reports.snapshot.ts): it must still be what the schema says.
    expect(() => reportDetailsSchema.strict().parse(data)).not.toThrow();
    for (const p of data.positions) {
      expect(Object.keys(p).sort()).toEqual(Object.keys(positionSchema.shape).sort());
      expect(positionSchema.parse(p)).toEqual(p);
    }
    const times = data.positions.map((p) => p.timestamp);
    expect([...times].sort()).toEqual(times);
    // The segmentation's stop: from the first still fix (minute 12) until it drove off.
    expect(data.stops).toEqual([
      {
        start_time: minutesAfter(f.start, 12),
        end_time: minutesAfter(f.start, 30),
        radius: 0.1,
        location: [expect.closeTo(-87.6298, 6), expect.closeTo(41.9, 6)],
        address: expect.toBeOneOf([null, expect.any(String)]),
      },
    ]);
    expect(data.events).toEqual([
      {
        id: f.inside,
        created_at: minutesAfter(f.start, 12),
        description: 'Alpha entered Depot',
        event_type: 'geofence-enter',
        lat: 41.9,
        lng: -87.6298,
        address: expect.toBeOneOf([null, expect.any(String)]),
      },
    ]);
    // 22.2 km north (13.8 miles) in 20 minutes of driving, stopped 18 minutes.
    expect(data.summary.stops).toBe(1);
    expect(data.summary.stopped_seconds).toBe(18 * 60);
    expect(data.summary.moving_seconds).toBe(20 * 60);
    expect(data.summary.distance_miles).toBeCloseTo(13.82, 1);
    expect(data.summary.max_mph).toBeCloseTo(41, 0);
    expect(data.summary.avg_mph).toBeCloseTo(41.5, 0);
  });

  it('leaves out what the include_* flags turn off, keeping stops and figures', async () => {
    const f = await drivenFleet();
    const created = await f.create({
      device_id: f.alpha.id,
      ...f.range,
      include_positions: false,
      include_alerts: false,
    });
    const data = await details(f, created.id);
    expect(data).toMatchObject({ include_positions: false, include_alerts: false });
    expect(data.positions).toEqual([]);
    expect(data.events).toEqual([]);
    expect(data.stops).toHaveLength(1);
    expect(data.summary.distance_miles).toBeGreaterThan(13);

    const noSensors = await f.create({ device_id: f.alpha.id, ...f.range, include_sensors: false });
    const positions = (await details(f, noSensors.id)).positions;
    expect(positions).toHaveLength(21);
    expect(positions.every((p) => p.battery === null && p.temperature === null)).toBe(true);
  });

  it('takes the web app’s UTC dates and answers an empty range with zeros', async () => {
    const f = await reportFleet(t);
    const created = await f.create({
      device_id: f.bravo.id,
      start_at: '2026-01-01 00:00:00',
      end_at: '2026-01-02 00:00:00',
    });
    expect(created.start_at).toBe('2026-01-01T00:00:00.000Z');
    const data = await details(f, created.id);
    expect(data.positions).toEqual([]);
    expect(data.summary).toEqual({
      distance_miles: 0,
      moving_seconds: 0,
      stopped_seconds: 0,
      stops: 0,
      max_mph: 0,
      avg_mph: 0,
    });
  });

  it('answers 422 with the field’s message', async () => {
    const f = await reportFleet(t);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const cases = [
      [{ start_at: '2026-01-01', end_at: '2026-01-02' }, 'device_id', 'tracker is required'],
      [{ device_id: f.alpha.id, end_at: '2026-01-02' }, 'start_at', 'date is required'],
      [
        { device_id: f.alpha.id, start_at: '2026-01-02', end_at: '2026-01-01' },
        'end_at',
        'The end date must be after the start date',
      ],
      [
        { device_id: f.alpha.id, start_at: yesterday, end_at: future },
        'end_at',
        'The date range must not reach into the future',
      ],
      [
        { device_id: f.alpha.id, start_at: '2025-01-01', end_at: '2025-06-01' },
        'end_at',
        'The date range may cover at most 90 days',
      ],
      [
        { device_id: f.otherDevice.id, start_at: '2026-01-01', end_at: '2026-01-02' },
        'device_id',
        'The tracker must be one of the trackers you see in this account',
      ],
    ] as const;
    for (const [payload, field, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: f.url(),
        headers: f.headers.admin,
        payload,
      });
      expect(response.statusCode, field).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
  });

  it('needs manage Reports: 403 for viewers; managers and power users may (spec 001 §6)', async () => {
    const f = await reportFleet(t);
    const payload = { device_id: f.alpha.id, start_at: '2026-01-01', end_at: '2026-01-02' };
    const denied = await t.app.inject({
      method: 'POST',
      url: f.url(),
      headers: f.headers.viewer,
      payload,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Access denied');
    await f.create(payload, f.headers.manager);
    const byPowerUser = await f.create(payload, f.headers.power);
    expect(byPowerUser.device?.id).toBe(f.alpha.id);
    const foreign = await t.app.inject({
      method: 'POST',
      url: f.url(),
      headers: f.headers.otherAdmin,
      payload,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /api/accounts/{id}/reports', () => {
  it('lists the reports newest first, of the trackers the member sees', async () => {
    const f = await reportFleet(t);
    const range = { start_at: '2026-01-01', end_at: '2026-01-02' };
    const first = await f.create({ device_id: f.alpha.id, ...range });
    const second = await f.create({ device_id: f.bravo.id, ...range });
    const list = async (headers: Headers) => {
      const response = await t.app.inject({ url: f.url('?include=device'), headers });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: ApiReport[] }>().data;
    };
    expect((await list(f.headers.admin)).map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await list(f.headers.power)).map((r) => r.id)).toEqual([second.id, first.id]);
    expect(await list(f.headers.viewer)).toEqual([first]);

    const foreign = await t.app.inject({ url: f.url(), headers: f.headers.otherAdmin });
    expect(foreign.statusCode).toBe(404);
    const none = await t.app.inject({ url: f.url() });
    expect(none.statusCode).toBe(401);
  });
});

describe('GET /api/accounts/{id}/reports/{reportId}', () => {
  it('lets a viewer read the reports of their trackers, 404 for the others', async () => {
    const f = await reportFleet(t);
    const range = { start_at: '2026-01-01', end_at: '2026-01-02' };
    const alpha = await f.create({ device_id: f.alpha.id, ...range });
    const bravo = await f.create({ device_id: f.bravo.id, ...range });
    expect((await details(f, alpha.id, f.headers.viewer)).id).toBe(alpha.id);
    const hidden = await t.app.inject({ url: f.url(`/${bravo.id}`), headers: f.headers.viewer });
    expect(hidden.statusCode).toBe(404);
    const missing = await t.app.inject({ url: f.url('/2147483647'), headers: f.headers.admin });
    expect(missing.statusCode).toBe(404);
  });

  it('answers the positions in format=rows as the same positions, compactly', async () => {
    const f = await drivenFleet();
    const created = await f.create({ device_id: f.alpha.id, ...f.range });
    const objects = await details(f, created.id);
    const response = await t.app.inject({
      url: f.url(`/${created.id}?include=device&format=rows`),
      headers: f.headers.viewer,
    });
    expect(response.statusCode).toBe(200);
    const { positions, ...rest } = response.json<{
      data: Omit<ApiReportDetails, 'positions'> & { positions: ReportPositionRows };
    }>().data;
    expect(positions.fields).toEqual([...REPORT_POSITION_FIELDS]);
    expect(positions.rows).toHaveLength(21);
    expect(decodeReportPositions(positions, f.alpha.id)).toEqual(objects.positions);
    const { positions: _objects, ...objectsRest } = objects;
    expect(rest).toEqual(objectsRest);
  });

  it('answers 404 for another account’s report, by either account', async () => {
    const f = await reportFleet(t);
    const mine = await f.create({
      device_id: f.alpha.id,
      start_at: '2026-01-01',
      end_at: '2026-01-02',
    });
    const viaMine = await t.app.inject({
      url: f.url(`/${mine.id}`),
      headers: f.headers.otherAdmin,
    });
    expect(viaMine.statusCode).toBe(404);
    const viaTheirs = await t.app.inject({
      url: `/api/accounts/${f.other.id}/reports/${mine.id}`,
      headers: f.headers.otherAdmin,
    });
    expect(viaTheirs.statusCode).toBe(404);
  });

  it('keeps the snapshot when positions arrive later and the tracker moves away', async () => {
    const f = await drivenFleet();
    const created = await f.create({ device_id: f.alpha.id, ...f.range });
    const before = await details(f, created.id);

    // Late fixes inside the range (a tracker's buffer), then the tracker goes to another account.
    await report(t, parked(f.alpha.serial, f.start + 41 * 60_000, 16, 42.5));
    await addEvent(t, f.alpha, f.start + 50 * 60_000, 'Alpha low battery');
    await t.db
      .update(devices)
      .set({ account_id: f.other.id, name: 'Renamed' })
      .where(eq(devices.id, f.alpha.id));

    expect(await details(f, created.id)).toEqual(before);
    // A new report of the same range would see the late fixes: the snapshot is what held them off.
    const history = await t.app.inject({
      url: `/api/accounts/${f.other.id}/devices/${f.alpha.id}/positions?date_from=${encodeURIComponent(f.range.start_at)}&date_to=${encodeURIComponent(f.range.end_at)}`,
      headers: f.headers.otherAdmin,
    });
    expect(history.json().data.length).toBeGreaterThan(21);
  });
  it('keeps the snapshot when the history of its range is thinned', async () => {
    const f = await drivenFleet();
    const created = await f.create({ device_id: f.alpha.id, ...f.range });
    const before = await details(f, created.id);
    expect(before.positions.length).toBeGreaterThan(2);
    expect(before.events).toHaveLength(1);

    // Thinning: every other fix of the range goes, and so does the range's alert.
    await queryRows(
      t.db,
      sql`DELETE FROM positions WHERE device_id = ${f.alpha.id}
            AND extract(epoch FROM fix_time)::bigint % 240 >= 120 RETURNING device_id`,
    );
    await t.db.delete(deviceEvents).where(eq(deviceEvents.id, f.inside));
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM positions WHERE device_id = ${f.alpha.id}
            AND fix_time >= ${f.range.start_at}::timestamptz AND fix_time < ${f.range.end_at}::timestamptz`,
    );
    expect(left!.n).toBeLessThan(before.positions.length);

    expect(await details(f, created.id)).toEqual(before);
  });
});

describe('PUT /api/accounts/{id}/reports/{reportId}', () => {
  it('publishes and unpublishes; 403 without manage Reports, 422 without is_public', async () => {
    const f = await reportFleet(t);
    const created = await f.create({
      device_id: f.alpha.id,
      start_at: '2026-01-01',
      end_at: '2026-01-02',
    });
    const put = (payload: object, headers: Headers) =>
      t.app.inject({ method: 'PUT', url: f.url(`/${created.id}`), headers, payload });

    const published = await put({ is_public: true }, f.headers.manager);
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toEqual({ ...created, is_public: true });

    const denied = await put({ is_public: false }, f.headers.viewer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Access denied');
    // A Power User creates and manages reports (spec 001 §6): publishing too.
    const byPowerUser = await put({ is_public: false }, f.headers.power);
    expect(byPowerUser.statusCode).toBe(200);
    expect(byPowerUser.json().data.is_public).toBe(false);
    expect((await put({ is_public: true }, f.headers.power)).json().data.is_public).toBe(true);
    const invalid = await put({}, f.headers.admin);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.is_public).toEqual(['is_public must be true or false']);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${f.other.id}/reports/${created.id}`,
      headers: f.headers.otherAdmin,
      payload: { is_public: false },
    });
    expect(foreign.statusCode).toBe(404);

    const unpublished = await put({ is_public: false }, f.headers.admin);
    expect(unpublished.json().data.is_public).toBe(false);
  });
});

describe('DELETE /api/accounts/{id}/reports/{reportId}', () => {
  it('deletes with 204, a Power User too; 403 for viewers, 404 for another account', async () => {
    const f = await reportFleet(t);
    const created = await f.create({
      device_id: f.alpha.id,
      start_at: '2026-01-01',
      end_at: '2026-01-02',
    });
    const remove = (headers: Headers, url = f.url(`/${created.id}`)) =>
      t.app.inject({ method: 'DELETE', url, headers });

    const denied = await remove(f.headers.viewer);
    expect(denied.statusCode).toBe(403);
    const foreign = await remove(
      f.headers.otherAdmin,
      `/api/accounts/${f.other.id}/reports/${created.id}`,
    );
    expect(foreign.statusCode).toBe(404);

    const removed = await remove(f.headers.power);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const gone = await t.app.inject({ url: f.url(`/${created.id}`), headers: f.headers.admin });
    expect(gone.statusCode).toBe(404);
    expect((await remove(f.headers.admin)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the report calls with their design', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const reportsPath = doc.paths['/api/accounts/{id}/reports'];
    expect(reportsPath.post.description).toContain('A report is a snapshot');
    expect(reportsPath.post.description).toContain('one segmentation');
    expect(doc.paths['/api/accounts/{id}/reports/{reportId}'].delete).toBeDefined();
    expect(doc.paths['/api/public-reports/{uuid}'].get.description).toContain('404');
  });
});
