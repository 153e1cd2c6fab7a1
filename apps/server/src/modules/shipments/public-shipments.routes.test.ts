import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fix, hoursFromNow, report, shipmentFleet } from './shipments.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/public-shipments/{uuid}', () => {
  it('answers without a login only what the public page shows', async () => {
    const f = await shipmentFleet(t);
    await report(t, [fix(f.alpha.serial, new Date(Date.now() - 20 * 60_000), 41.95)]);
    const shipment = await f.create({
      start_at: hoursFromNow(-3),
      end_at: hoursFromNow(-1),
      notification_emails: ['ops@example.test'],
      notification_phone_numbers: ['+1 312 555 0100'],
    });
    const bare = await t.app.inject({ url: `/api/public-shipments/${shipment.uuid}` });
    expect(bare.statusCode).toBe(200);
    // The predicted arrival is the one the account's details show (the shipment clock's).
    const details = await t.app.inject({
      url: `/api/accounts/${f.account.id}/shipments/${shipment.id}`,
      headers: f.headers.admin,
    });
    const predicted = details.json().data.estimated_end_at;
    expect(bare.json()).toEqual({
      data: {
        name: 'PO 4471',
        status: 'running-late',
        start_at: shipment.start_at,
        end_at: shipment.end_at,
        ended_at: null,
        estimated_end_at: predicted,
        destination: { name: 'Customer Yard', location: [-87.6298, 42.4181] },
      },
    });

    const full = await t.app.inject({
      url: `/api/public-shipments/${shipment.uuid}?with_geofences=1&with_current_position=1&with_path=1&include=device,events`,
    });
    const data = full.json().data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'current_position',
        'destination',
        'end_at',
        'ended_at',
        'estimated_end_at',
        'events',
        'name',
        'path',
        'start_at',
        'status',
      ].sort(),
    );
    // Seen only away from the depot, after its start (caught up on creation): it started
    // away from it, and the deadline passed unseen.
    expect(data.events).toEqual([
      {
        event_at: expect.any(String),
        description: 'Shipment PO 4471 started away from Chicago Depot',
      },
      {
        event_at: expect.any(String),
        description:
          'Shipment PO 4471 is running late: it has not reached Customer Yard by its scheduled end',
      },
    ]);
    const point = {
      location: [-87.6298, 41.95],
      timestamp: expect.any(String),
      speed: expect.any(Number),
      fix: 'gps',
      address: expect.anything(),
    };
    expect(data.path).toEqual([point]);
    expect(data.current_position).toEqual(point);
    // Nothing of the recipients or the tracker anywhere in it, and no ids.
    for (const secret of ['ops@example.test', '555', 'Alpha', f.alpha.serial]) {
      expect(full.body, secret).not.toContain(secret);
    }
    const keys = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          collect(inner);
        }
      }
    };
    collect(data);
    expect([...keys].sort()).toEqual(
      [
        'address',
        'current_position',
        'description',
        'destination',
        'end_at',
        'ended_at',
        'estimated_end_at',
        'event_at',
        'events',
        'fix',
        'location',
        'name',
        'path',
        'speed',
        'start_at',
        'status',
        'timestamp',
      ].sort(),
    );
  });

  it('is 404 for an unknown uuid, a malformed one (422), or an account without shipments', async () => {
    const f = await shipmentFleet(t);
    const shipment = await f.create();
    expect((await t.app.inject({ url: `/api/public-shipments/${randomUUID()}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/public-shipments/42' })).statusCode).toBe(422);
    await t.db
      .update(accounts)
      .set({ can_track_shipments: false })
      .where(eq(accounts.id, f.account.id));
    expect((await t.app.inject({ url: `/api/public-shipments/${shipment.uuid}` })).statusCode).toBe(
      404,
    );
  });
});
