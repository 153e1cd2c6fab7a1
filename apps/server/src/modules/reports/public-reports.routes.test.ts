import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  decodeReportPositions,
  type ApiPublicReport,
  type ReportPositionRows,
} from '@waymark/domain';
import { devices } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  addEvent,
  drive,
  minutesAfter,
  parked,
  report,
  reportFleet,
  trackStart,
} from './reports.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Alpha's driven hour saved as a report by the admin, and a way to toggle Public. */
async function savedReport() {
  const f = await reportFleet(t);
  const start = trackStart();
  await report(t, drive(f.alpha.serial, start));
  await addEvent(t, f.alpha, start + 12 * 60_000, 'Alpha entered Depot');
  const created = await f.create({
    device_id: f.alpha.id,
    start_at: minutesAfter(start, 0),
    end_at: minutesAfter(start, 60),
  });
  const setPublic = async (is_public: boolean) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: f.url(`/${created.id}`),
      headers: f.headers.admin,
      payload: { is_public },
    });
    expect(response.statusCode).toBe(200);
  };
  const open = () => t.app.inject({ url: `/api/public-reports/${created.uuid}?include=device` });
  return { ...f, start, created, setPublic, open };
}

describe('GET /api/public-reports/{uuid}', () => {
  it('is 404 while the report is private and again once Public is off', async () => {
    const r = await savedReport();
    expect((await r.open()).statusCode).toBe(404);
    await r.setPublic(true);
    expect((await r.open()).statusCode).toBe(200);
    await r.setPublic(false);
    expect((await r.open()).statusCode).toBe(404);
  });

  it('answers without a login only the fields of the public page', async () => {
    const r = await savedReport();
    await r.setPublic(true);
    const response = await r.open();
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: ApiPublicReport }>().data;
    expect(Object.keys(data).sort()).toEqual(
      ['device', 'end_at', 'events', 'positions', 'start_at', 'stops', 'summary', 'uuid'].sort(),
    );
    expect(data).toMatchObject({
      uuid: r.created.uuid,
      start_at: r.created.start_at,
      end_at: r.created.end_at,
      device: { name: 'Alpha' },
    });
    expect(Object.keys(data.device)).toEqual(['name']);
    expect(data.positions).toHaveLength(21);
    expect(data.stops).toHaveLength(1);
    expect(data.events.map((e) => e.description)).toEqual(['Alpha entered Depot']);
    expect(data.summary.stops).toBe(1);

    // The same snapshot as the signed-in details, without the report's own fields.
    const details = await t.app.inject({
      url: r.url(`/${r.created.id}`),
      headers: r.headers.admin,
    });
    const { positions, stops, events, summary } = details.json().data;
    expect({ positions, stops, events, summary }).toEqual({
      positions: data.positions,
      stops: data.stops,
      events: data.events,
      summary: data.summary,
    });
    for (const key of ['account_id', 'created_by', 'include_positions', 'is_public']) {
      expect(response.body, key).not.toContain(key);
    }
  });

  it('answers format=rows with the same positions and still only the public fields', async () => {
    const r = await savedReport();
    await r.setPublic(true);
    const objects = (await r.open()).json<{ data: ApiPublicReport }>().data;
    const response = await t.app.inject({
      url: `/api/public-reports/${r.created.uuid}?include=device&format=rows`,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<{
      data: Omit<ApiPublicReport, 'positions'> & { positions: ReportPositionRows };
    }>().data;
    expect(Object.keys(data).sort()).toEqual(Object.keys(objects).sort());
    expect(decodeReportPositions(data.positions, objects.positions[0]!.device_id)).toEqual(
      objects.positions,
    );
  });

  it('shows the same after new positions arrive and the tracker moves to another account', async () => {
    const r = await savedReport();
    await r.setPublic(true);
    const before = (await r.open()).json();

    await report(t, parked(r.alpha.serial, r.start + 42 * 60_000, 16));
    await t.db
      .update(devices)
      .set({ account_id: r.other.id, name: 'Renamed' })
      .where(eq(devices.id, r.alpha.id));

    const after = await r.open();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before);
  });

  it('is 404 for an unknown uuid and for a deleted report', async () => {
    const r = await savedReport();
    await r.setPublic(true);
    const unknown = await t.app.inject({ url: `/api/public-reports/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: r.url(`/${r.created.id}`),
      headers: r.headers.admin,
    });
    expect(removed.statusCode).toBe(204);
    expect((await r.open()).statusCode).toBe(404);
  });
});
