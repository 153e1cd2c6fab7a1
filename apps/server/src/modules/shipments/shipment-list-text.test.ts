import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Shipment } from '@waymark/domain';
import { actorOf } from '../../access/actor';
import { shipments } from '../../db/schema';
import { createGeofence, createTestApp, createUser, type TestApp } from '../../test/test-app';
import { fix, HOUR, hoursFromNow, report, shipmentFleet } from './shipments.fixture';
import { listShipments } from './shipments.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [-87.7, 41.8],
      [-87.6, 41.8],
      [-87.6, 41.9],
      [-87.7, 41.8],
    ],
  ],
};

describe('the shipments list written by PostgreSQL', () => {
  it('answers what presentShipment answers, part for part, for every kind of shipment', async () => {
    const f = await shipmentFleet(t);
    const admin = await createUser(t, { account: f.account, role: 'admin' });
    const yard = await createGeofence(t, f.account, {
      name: 'Polygon "Yard" — Süd',
      is_irregular: true,
      geo_json: square,
      address: null,
    });
    // A shape of another kind reads as none, as presentFence says.
    const odd = await createGeofence(t, f.account, {
      name: 'Old shape',
      is_irregular: true,
      geo_json: { type: 'Point', coordinates: [-87.6, 41.8] },
    });

    const ongoing = await f.create({ from_geofence_id: yard.id, to_geofence_id: f.customer.id });
    const addressed = await f.create({
      name: 'PO "5" — café \\ tab\t',
      carrier: null,
      device_id: f.bravo.id,
      from_geofence_id: null,
      from_address: { name: '1 Main St, Evanston', lat: 42.04, lng: -87.68 },
      to_geofence_id: odd.id,
      notification_emails: ['ops@example.test', 'night@example.test'],
      notification_phone_numbers: ['+15550100'],
    });
    const ended = await f.create({ start_at: hoursFromNow(-10), end_at: hoursFromNow(-2) });
    const endedBlank = await f.create({
      device_id: f.bravo.id,
      start_at: hoursFromNow(-9),
      end_at: hoursFromNow(-3),
    });
    const archived = await f.create({ name: 'Archived one' });

    await report(t, [
      fix(f.alpha.serial, new Date(Date.now() - 6 * HOUR), 41.95),
      fix(f.alpha.serial, new Date(Date.now() - 60_000), 42.1),
    ]);
    await t.db
      .update(shipments)
      .set({ status: 'completed', ended_at: new Date(Date.now() - 4 * HOUR) })
      .where(eq(shipments.id, ended.id));
    await t.db
      .update(shipments)
      .set({ status: 'completed', ended_at: new Date(Date.now() - 8 * HOUR - 30 * 60_000) })
      .where(eq(shipments.id, endedBlank.id));
    await t.db
      .update(shipments)
      .set({ archived_at: new Date() })
      .where(eq(shipments.id, archived.id));

    const actor = await actorOf(t.db, admin.id, f.account.id);
    const range = { from: new Date(Date.now() - 24 * HOUR), to: new Date(Date.now() + 24 * HOUR) };
    for (const key of ['general', 'archived'] as const) {
      const url =
        `${f.url()}?with_geofences=1&with_current_position=1&include=device` +
        `&date_from=${range.from.toISOString()}&date_to=${range.to.toISOString()}` +
        (key === 'archived' ? '&archived=1' : '');
      const response = await t.app.inject({ method: 'GET', url, headers: f.headers.admin });
      expect(response.statusCode).toBe(200);
      const written = response.json<{ data: Shipment[] }>().data;
      const presented = await listShipments(
        t.ctx,
        actor,
        { ...range, key },
        { includeDevice: true, withGeofences: true, withCurrentPosition: true },
      );
      expect(written).toEqual(presented);
      expect(written.length).toBe(key === 'general' ? 4 : 1);
    }

    // What the comparison covered: both kinds of fence, an address, both kinds of position.
    const general = await listShipments(
      t.ctx,
      actor,
      { ...range, key: 'general' },
      { withGeofences: true, withCurrentPosition: true },
    );
    const byId = new Map(general.map((s) => [s.id, s]));
    expect(byId.get(ongoing.id)!.from_geofence!.geo_json).toEqual(square);
    expect(byId.get(addressed.id)!.to_geofence).toMatchObject({
      geo_json: null,
      is_irregular: false,
    });
    expect(byId.get(addressed.id)!.from_address!.name).toBe('1 Main St, Evanston');
    expect(byId.get(ongoing.id)!.current_position!.location[1]).toBeCloseTo(42.1);
    expect(byId.get(ended.id)!.current_position!.location[1]).toBeCloseTo(41.95);
    expect(byId.get(endedBlank.id)!.current_position).toBeNull();
  });
});
