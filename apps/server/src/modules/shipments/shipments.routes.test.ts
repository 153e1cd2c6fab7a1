import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Shipment } from '@waymark/domain';
import { deviceEvents, shipments } from '../../db/schema';
import {
  createAccount,
  createUser,
  authHeader,
  createTestApp,
  type TestApp,
} from '../../test/test-app';
import { fix, hoursFromNow, report, shipmentFleet, type Headers } from './shipments.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const dataOf = <T = Shipment>(response: { json: () => unknown }) =>
  (response.json() as { data: T }).data;

describe('POST /api/accounts/{id}/shipments', () => {
  it('plans a shipment between a geofence and an address, Not Started until it leaves', async () => {
    const f = await shipmentFleet(t);
    const response = await call(
      'POST',
      f.url(),
      f.headers.manager,
      f.payload({
        to_geofence_id: null,
        to_address: { name: '1200 Main St, Evanston', lat: 42.04, lng: -87.68 },
        notification_emails: ['ops@example.test'],
        notification_phone_numbers: null,
        start_at: '2030-01-02 08:00:00',
        end_at: '2030-01-02T20:00:00Z',
      }),
    );
    expect(response.statusCode).toBe(201);
    const shipment = dataOf(response);
    expect(shipment).toEqual({
      id: expect.any(Number),
      account_id: f.account.id,
      name: 'PO 4471',
      carrier: 'Acme Freight',
      status: 'not-started',
      start_at: '2030-01-02T08:00:00.000Z',
      end_at: '2030-01-02T20:00:00.000Z',
      estimated_end_at: null,
      ended_at: null,
      device_id: f.alpha.id,
      device: { id: f.alpha.id, name: 'Alpha' },
      from_geofence_id: f.depot.id,
      from_geofence: {
        id: f.depot.id,
        name: 'Chicago Depot',
        address: 'Chicago, IL',
        lat: 41.8781,
        lng: -87.6298,
        radius: 1.5,
        is_irregular: false,
        geo_json: null,
      },
      from_address: null,
      to_geofence_id: null,
      to_geofence: null,
      to_address: { name: '1200 Main St, Evanston', lat: 42.04, lng: -87.68 },
      notify_at: 0,
      notification_emails: ['ops@example.test'],
      notification_phone_numbers: [],
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      archived_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('answers 422 naming each field with the spec texts', async () => {
    const f = await shipmentFleet(t);
    const response = await call('POST', f.url(), f.headers.admin, {
      from_geofence_id: 1,
      to_geofence_id: 2,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['Name is required'],
      start_at: ['date is required'],
      end_at: ['date is required'],
      device_id: ['tracker is required'],
      notify_at: ['option is required'],
    });
    const cases: [object, string, string][] = [
      [{ from_geofence_id: null }, 'from_geofence_id', 'geofence is required'],
      [
        { to_geofence_id: null, to_address: { name: '', lat: 1, lng: 1 } },
        'to_address.name',
        'address is required',
      ],
      [
        { to_geofence_id: null, to_address: { name: 'Dock 4' } },
        'to_address.lat',
        'lat and lng are required',
      ],
      [
        { notify_at: 3 },
        'notify_at',
        'must be one of 0, 1, 2, 5, 8 (hours before the scheduled end)',
      ],
      [{ end_at: hoursFromNow(-2) }, 'end_at', 'The end date must be after the start date'],
    ];
    for (const [values, field, message] of cases) {
      const bad = await call('POST', f.url(), f.headers.admin, f.payload(values));
      expect(bad.statusCode, field).toBe(422);
      expect(bad.json().errors[field], field).toEqual([message]);
    }
  });

  it("refuses another account's tracker or geofence with 422, not a leak", async () => {
    const f = await shipmentFleet(t);
    const tracker = await call(
      'POST',
      f.url(),
      f.headers.admin,
      f.payload({ device_id: f.otherDevice.id }),
    );
    expect(tracker.statusCode).toBe(422);
    expect(tracker.json().errors).toEqual({
      device_id: ['The tracker must be one of the trackers you see in this account'],
    });
    const fence = await call(
      'POST',
      f.url(),
      f.headers.admin,
      f.payload({ to_geofence_id: f.otherGeofence.id }),
    );
    expect(fence.json().errors).toEqual({
      to_geofence_id: ['The geofence must be one of the geofences of this account'],
    });
  });

  it('lets Admins, Managers and Power Users plan, not Viewers; 404 outside the account', async () => {
    const f = await shipmentFleet(t);
    for (const as of [f.headers.admin, f.headers.manager, f.headers.power]) {
      expect((await call('POST', f.url(), as, f.payload())).statusCode).toBe(201);
    }
    expect((await call('POST', f.url(), f.headers.viewer, f.payload())).statusCode).toBe(403);
    expect((await call('POST', f.url(), f.headers.otherAdmin, f.payload())).statusCode).toBe(404);
  });

  it('is closed to accounts without can_track_shipments', async () => {
    const account = await createAccount(t, {});
    const admin = await authHeader(t, (await createUser(t, { account })).email);
    const list = await call('GET', `/api/accounts/${account.id}/shipments`, admin);
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe('Shipments are not available to this account');
  });

  it('is Running Late at once when its end has passed, written to the tracker events too', async () => {
    const f = await shipmentFleet(t);
    const shipment = await f.create({ start_at: hoursFromNow(-5), end_at: hoursFromNow(-1) });
    expect(shipment.status).toBe('running-late');
    const details = dataOf(
      await call('GET', f.url(`/${shipment.id}?include=events`), f.headers.admin),
    );
    expect(details.events).toEqual([
      {
        id: expect.any(Number),
        event_type: 'shipment-late',
        event_at: expect.any(String),
        description:
          'Shipment PO 4471 is running late: it has not reached Customer Yard by its scheduled end',
      },
    ]);
    const tracker = await t.db
      .select()
      .from(deviceEvents)
      .where(eq(deviceEvents.device_id, f.alpha.id));
    expect(tracker.map((e) => [e.event_type, e.description])).toEqual([
      ['shipment-late', details.events![0]!.description],
    ]);
  });
});

describe('GET /api/accounts/{id}/shipments', () => {
  it('lists a tab in a start-date range, newest first, with the parts asked for', async () => {
    const f = await shipmentFleet(t);
    const old = await f.create({
      name: 'Old',
      start_at: hoursFromNow(-40 * 24),
      end_at: hoursFromNow(-39 * 24),
    });
    const soon = await f.create({
      name: 'Soon',
      start_at: hoursFromNow(2),
      end_at: hoursFromNow(6),
      device_id: f.bravo.id,
    });
    const now = await f.create({ name: 'Now' });
    const late = await f.create({
      name: 'Late',
      start_at: hoursFromNow(-10),
      end_at: hoursFromNow(-9),
    });
    await report(t, [fix(f.alpha.serial, new Date(Date.now() - 30 * 60_000), 41.95)]);

    const range = `date_from=${encodeURIComponent(hoursFromNow(-15 * 24))}&date_to=${encodeURIComponent(hoursFromNow(15 * 24))}`;
    const list = dataOf<Shipment[]>(await call('GET', f.url(`?${range}`), f.headers.admin));
    expect(list.map((s) => s.name)).toEqual(['Soon', 'Now', 'Late']);
    expect(list[0]).not.toHaveProperty('device');
    expect(list[0]).not.toHaveProperty('path');

    const full = dataOf<Shipment[]>(
      await call(
        'GET',
        f.url(
          `?${range}&include=device,events&with_geofences=1&with_current_position=1&with_path=1`,
        ),
        f.headers.admin,
      ),
    );
    const listed = full.find((s) => s.id === now.id)!;
    expect(listed.device).toEqual({ id: f.alpha.id, name: 'Alpha' });
    expect(listed.to_geofence?.name).toBe('Customer Yard');
    expect(listed.path).toEqual([
      {
        location: [-87.6298, 41.95],
        timestamp: expect.any(String),
        speed: expect.any(Number),
        fix: 'gps',
        address: expect.anything(),
      },
    ]);
    expect(listed.current_position?.location).toEqual([-87.6298, 41.95]);
    // Late on creation; Alpha's fix half an hour ago, outside the depot, set it off too.
    expect(full.find((s) => s.id === late.id)!.events!.map((e) => e.event_type)).toEqual([
      'shipment-begin',
      'shipment-late',
    ]);
    expect(full.find((s) => s.id === soon.id)!.current_position).toBeNull();

    const all = dataOf<Shipment[]>(await call('GET', f.url(), f.headers.admin));
    expect(all.map((s) => s.id)).toEqual([soon.id, now.id, late.id, old.id]);
    const running = dataOf<Shipment[]>(
      await call('GET', f.url('?status=running-late,completed'), f.headers.admin),
    );
    expect(running.map((s) => s.name)).toEqual(['Late', 'Old']);
    const found = dataOf<Shipment[]>(await call('GET', f.url('?search=bRAv'), f.headers.admin));
    expect(found.map((s) => s.name)).toEqual(['Soon']);
  });

  it('shows a Viewer only the shipments of trackers they see', async () => {
    const f = await shipmentFleet(t);
    const mine = await f.create({ name: 'Alpha run' });
    const hidden = await f.create({ name: 'Bravo run', device_id: f.bravo.id });
    const list = dataOf<Shipment[]>(await call('GET', f.url(), f.headers.viewer));
    expect(list.map((s) => s.id)).toEqual([mine.id]);
    expect((await call('GET', f.url(`/${hidden.id}`), f.headers.viewer)).statusCode).toBe(404);
    expect((await call('GET', f.url(`/${mine.id}`), f.headers.viewer)).statusCode).toBe(200);
  });

  it('refuses a bad status, include or range', async () => {
    const f = await shipmentFleet(t);
    const status = await call('GET', f.url('?status=lost'), f.headers.admin);
    expect(status.statusCode).toBe(422);
    expect(status.json().errors).toEqual({
      status: [expect.stringContaining('status may name not-started')],
    });
    expect((await call('GET', f.url('?include=account'), f.headers.admin)).statusCode).toBe(422);
    const range = await call(
      'GET',
      f.url(`?date_from=${hoursFromNow(2)}&date_to=${hoursFromNow(1)}`),
      f.headers.admin,
    );
    expect(range.statusCode).toBe(422);
  });

  it('downloads the list as CSV in the caller’s zone', async () => {
    const f = await shipmentFleet(t);
    await f.create({
      name: 'PO "7"',
      start_at: '2030-01-02 08:00:00',
      end_at: '2030-01-02 20:00:00',
    });
    const response = await call('GET', f.url('?download=true&offset=300'), f.headers.admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body.split('\r\n').slice(0, 2)).toEqual([
      'name,carrier,status,tracker,from,to,start,scheduled_end,estimated_end,actual_end,archived',
      '"PO ""7""",Acme Freight,Not Started,Alpha,Chicago Depot,Customer Yard,2030-01-02 03:00:00,2030-01-02 15:00:00,,,no',
    ]);
  });
});

describe('GET /api/accounts/{id}/shipments/{id}', () => {
  it("answers 404 for another account's shipment, even to a platform admin's account id", async () => {
    const f = await shipmentFleet(t);
    expect((await call('GET', f.url(`/${f.otherShipment.id}`), f.headers.admin)).statusCode).toBe(
      404,
    );
    expect((await call('GET', f.url('/2147483647'), f.headers.admin)).statusCode).toBe(404);
    expect(
      (await call('GET', f.url(`/${f.otherShipment.id}`), f.headers.otherAdmin)).statusCode,
    ).toBe(404);
  });

  it('downloads its points as CSV', async () => {
    const f = await shipmentFleet(t);
    const shipment = await f.create();
    await report(t, [fix(f.alpha.serial, new Date(Date.now() - 20 * 60_000), 41.9)]);
    const response = await call('GET', f.url(`/${shipment.id}?download=true`), f.headers.viewer);
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^device,time,latitude,longitude/);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 1)[0])).toEqual(['Alpha']);
  });
});

describe('PUT /api/accounts/{id}/shipments/{id}', () => {
  it('edits the editable fields and puts a shipment late by its old end back on time', async () => {
    const f = await shipmentFleet(t);
    const late = await f.create({
      start_at: hoursFromNow(-5),
      end_at: hoursFromNow(-1),
      notify_at: 1,
    });
    expect(late.status).toBe('running-late');
    const response = await call('PUT', f.url(`/${late.id}`), f.headers.power, {
      name: 'PO 4471-B',
      carrier: '',
      end_at: hoursFromNow(10),
      notify_at: 2,
      notification_emails: null,
      notification_phone_numbers: ['+1 312 555 0100'],
      device_id: f.bravo.id,
    });
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toMatchObject({
      name: 'PO 4471-B',
      carrier: null,
      status: 'not-started',
      notify_at: 2,
      notification_emails: [],
      notification_phone_numbers: ['+1 312 555 0100'],
      device_id: f.alpha.id,
    });
  });

  it('checks what is sent: the name, and an end after the stored start', async () => {
    const f = await shipmentFleet(t);
    const shipment = await f.create();
    const name = await call('PUT', f.url(`/${shipment.id}`), f.headers.admin, { name: ' ' });
    expect(name.json().errors).toEqual({ name: ['Name is required'] });
    const end = await call('PUT', f.url(`/${shipment.id}`), f.headers.admin, {
      end_at: hoursFromNow(-3),
    });
    expect(end.statusCode).toBe(422);
    expect(end.json().errors).toEqual({ end_at: ['The end date must be after the start date'] });
  });

  it('is refused to Viewers (403) and for another account’s shipment (404)', async () => {
    const f = await shipmentFleet(t);
    const shipment = await f.create();
    expect(
      (await call('PUT', f.url(`/${shipment.id}`), f.headers.viewer, { name: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', f.url(`/${f.otherShipment.id}`), f.headers.admin, { name: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/accounts/{id}/shipments/{id}/finished', () => {
  it('ends a shipment at once, and again changes nothing', async () => {
    const f = await shipmentFleet(t);
    const shipment = await f.create();
    const ended = dataOf(await call('POST', f.url(`/${shipment.id}/finished`), f.headers.manager));
    expect(ended.status).toBe('completed');
    expect(ended.ended_at).not.toBeNull();
    const again = dataOf(await call('POST', f.url(`/${shipment.id}/finished`), f.headers.manager));
    expect(again.ended_at).toBe(ended.ended_at);
    const details = dataOf(
      await call('GET', f.url(`/${shipment.id}?include=events`), f.headers.admin),
    );
    expect(details.events!.map((e) => e.description)).toEqual(['Shipment PO 4471 was ended']);
  });

  it('completes late after the scheduled end; Viewers and other accounts may not', async () => {
    const f = await shipmentFleet(t);
    const late = await f.create({ start_at: hoursFromNow(-5), end_at: hoursFromNow(-1) });
    expect(dataOf(await call('POST', f.url(`/${late.id}/finished`), f.headers.admin)).status).toBe(
      'completed-late',
    );
    const other = await f.create();
    expect((await call('POST', f.url(`/${other.id}/finished`), f.headers.viewer)).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', f.url(`/${f.otherShipment.id}/finished`), f.headers.admin)).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/accounts/{id}/shipments/{id}', () => {
  it('deletes a shipment for members who manage shipments only', async () => {
    const f = await shipmentFleet(t);
    const shipment = await f.create();
    expect((await call('DELETE', f.url(`/${shipment.id}`), f.headers.viewer)).statusCode).toBe(403);
    expect(
      (await call('DELETE', f.url(`/${f.otherShipment.id}`), f.headers.admin)).statusCode,
    ).toBe(404);
    const response = await call('DELETE', f.url(`/${shipment.id}`), f.headers.admin);
    expect(response.json()).toEqual({ data: { id: shipment.id } });
    expect((await call('GET', f.url(`/${shipment.id}`), f.headers.admin)).statusCode).toBe(404);
    const [otherStill] = await t.db
      .select()
      .from(shipments)
      .where(eq(shipments.id, f.otherShipment.id));
    expect(otherStill).toBeDefined();
  });
});
