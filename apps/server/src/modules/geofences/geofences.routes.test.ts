import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { accountMemberships, mailOutbox } from '../../db/schema';
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

type Role = 'admin' | 'manager' | 'user' | 'viewer';

async function member(account: { id: number }, role: Role = 'admin') {
  const user = await createUser(t, { account, role });
  return { user, headers: await authHeader(t, user.email) };
}

async function fleet() {
  const account = await createAccount(t);
  const admin = await member(account, 'admin');
  return { account, admin, headers: admin.headers };
}

const circle = {
  name: 'North Depot',
  address: { label: 'Chicago, IL, US', lat: 41.88, lng: -87.63 },
  allowable_dwell_days: 3,
  min_assets: 1,
  max_assets: 10,
  full_name: 'Dana Yard',
  email: 'dana@example.test',
  phone: '(312) 555-0100',
  company_name: 'Yard Co',
  notes: 'Gate B',
  is_alertable: 1,
  is_irregular: 0,
  lat: 41.88,
  lng: -87.63,
  radius: 0.5,
};

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [-97.1, 35.1],
      [-96.9, 35.1],
      [-96.9, 35.3],
      [-97.1, 35.3],
    ],
  ],
};

const base = (accountId: number) => `/api/accounts/${accountId}`;

async function create(accountId: number, headers: Record<string, string>, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: `${base(accountId)}/geofences`,
    headers,
    payload,
  });
}

/** Fixes at [minute after 12:00 UTC, lat, lng]; hops a vehicle can drive (the filter refuses jumps). */
async function drive(serial: string, points: [number, number, number][]) {
  await t.ctx.pipeline.submit(
    points.map(([minute, lat, lng]) => ({
      serial,
      deviceTime: new Date(Date.UTC(2026, 0, 10, 12, minute)),
      lat,
      lng,
      valid: true,
      fix: 'gps' as const,
    })),
    'osmand',
  );
  await t.ctx.pipeline.flush();
}

describe('POST and GET /accounts/{id}/geofences', () => {
  it('creates a circle and answers data.data.id; details show every stored field', async () => {
    const f = await fleet();
    const created = await create(f.account.id, f.headers, circle);
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ data: { id: number } }>().data;
    expect(id).toBeGreaterThan(0);

    const details = await t.app.inject({
      url: `${base(f.account.id)}/geofences/${id}`,
      headers: f.headers,
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().data).toMatchObject({
      id,
      name: 'North Depot',
      address: 'Chicago, IL, US',
      lat: 41.88,
      lng: -87.63,
      radius: 0.5,
      is_irregular: false,
      geo_json: null,
      allowable_dwell_days: 3,
      min_assets: 1,
      max_assets: 10,
      full_name: 'Dana Yard',
      email: 'dana@example.test',
      phone: '(312) 555-0100',
      company_name: 'Yard Co',
      notes: 'Gate B',
      is_alertable: 1,
      devices_count: 0,
    });
  });

  it('stores a polygon closed and lists it at its centre', async () => {
    const f = await fleet();
    const created = await create(f.account.id, f.headers, {
      name: 'Yard',
      address: 'Oklahoma City, OK, US',
      is_irregular: 1,
      geo_json: square,
    });
    expect(created.statusCode).toBe(200);
    const { data } = (
      await t.app.inject({
        url: `${base(f.account.id)}/geofences/${created.json().data.id}`,
        headers: f.headers,
      })
    ).json();
    expect(data.is_irregular).toBe(true);
    expect(data.geo_json.coordinates[0]).toHaveLength(5);
    expect(data.lat).toBeCloseTo(35.2, 6);
    expect(data.lng).toBeCloseTo(-97, 6);
    expect(data.is_alertable).toBe(0);
  });

  it('lists by name, pages, and searches name or address', async () => {
    const f = await fleet();
    for (const name of ['Charlie', 'alpha', 'Bravo']) {
      await create(f.account.id, f.headers, { ...circle, name, address: `${name} street` });
    }
    const page = await t.app.inject({
      url: `${base(f.account.id)}/geofences?per_page=2`,
      headers: f.headers,
    });
    expect(page.json().data.map((g: { name: string }) => g.name)).toEqual(['alpha', 'Bravo']);
    expect(page.json().meta).toMatchObject({ current_page: 1, last_page: 2, total: 3 });

    const search = await t.app.inject({
      url: `${base(f.account.id)}/geofences?query=CHARLIE%20str`,
      headers: f.headers,
    });
    expect(search.json().data.map((g: { name: string }) => g.name)).toEqual(['Charlie']);
    const none = await t.app.inject({
      url: `${base(f.account.id)}/geofences?query=zulu`,
      headers: f.headers,
    });
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('names each invalid field with the spec message (422)', async () => {
    const f = await fleet();
    const response = await create(f.account.id, f.headers, {
      ...circle,
      name: '',
      allowable_dwell_days: -1,
      min_assets: 501,
      email: 'not-mail',
      phone: '312555',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['Name is required'],
      allowable_dwell_days: ['cannot be less than 0'],
      min_assets: ['cannot be greater than 500'],
      email: ['not an email'],
      phone: ['not valid phone'],
    });
  });

  it('explains a missing or incomplete address', async () => {
    const f = await fleet();
    const errors = async (address: unknown) =>
      (await create(f.account.id, f.headers, { ...circle, address })).json().errors.address;
    expect(await errors(null)).toEqual(['address is required']);
    expect(await errors({ label: 12, lat: 1, lng: 2 })).toEqual(['label is not a string']);
    expect(await errors({ label: 'Chicago' })).toEqual(['lat and lng are required']);
  });

  it('refuses to save without a drawn shape', async () => {
    const f = await fleet();
    const response = await create(f.account.id, f.headers, {
      ...circle,
      lat: null,
      lng: null,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Must draw geofence on the map to save',
      errors: { shape: ['Must draw geofence on the map to save'] },
    });
    const polygonless = await create(f.account.id, f.headers, { ...circle, is_irregular: 1 });
    expect(polygonless.json().errors.shape).toEqual(['Must draw geofence on the map to save']);
  });

  it('lets every member read but only managers of Geofences write', async () => {
    const f = await fleet();
    const { id } = (await create(f.account.id, f.headers, circle)).json().data;
    for (const role of ['user', 'viewer'] as const) {
      const other = await member(f.account, role);
      const list = await t.app.inject({
        url: `${base(f.account.id)}/geofences`,
        headers: other.headers,
      });
      expect(list.statusCode).toBe(200);
      expect((await create(f.account.id, other.headers, circle)).statusCode).toBe(403);
      const put = await t.app.inject({
        method: 'PUT',
        url: `${base(f.account.id)}/geofences/${id}`,
        headers: other.headers,
        payload: { name: 'Mine' },
      });
      expect(put.statusCode).toBe(403);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `${base(f.account.id)}/geofences/${id}`,
        headers: other.headers,
      });
      expect(del.statusCode).toBe(403);
    }
    const manager = await member(f.account, 'manager');
    expect((await create(f.account.id, manager.headers, circle)).statusCode).toBe(200);
  });

  it("answers 404 for another account's geofences and accounts", async () => {
    const f = await fleet();
    const g = await fleet();
    const theirs = await createGeofence(t, g.account);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `${base(f.account.id)}/geofences/${theirs.id}`,
        headers: f.headers,
        ...(method === 'PUT' ? { payload: { name: 'Stolen' } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    const list = await t.app.inject({ url: `${base(g.account.id)}/geofences`, headers: f.headers });
    expect(list.statusCode).toBe(404);
    expect((await create(g.account.id, f.headers, circle)).statusCode).toBe(404);
  });

  it('needs a token', async () => {
    const f = await fleet();
    const response = await t.app.inject({ url: `${base(f.account.id)}/geofences` });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT and DELETE /accounts/{id}/geofences/{id}', () => {
  it('changes the fields sent and keeps the others', async () => {
    const f = await fleet();
    const { id } = (await create(f.account.id, f.headers, circle)).json().data;
    const put = await t.app.inject({
      method: 'PUT',
      url: `${base(f.account.id)}/geofences/${id}`,
      headers: f.headers,
      payload: { allowable_dwell_days: 7, email: '' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ data: { id } });
    const { data } = (
      await t.app.inject({ url: `${base(f.account.id)}/geofences/${id}`, headers: f.headers })
    ).json();
    expect(data).toMatchObject({ name: 'North Depot', allowable_dwell_days: 7, email: null });
    expect(data.radius).toBe(0.5);
  });

  it('turns a circle into a polygon and checks the fields sent', async () => {
    const f = await fleet();
    const { id } = (await create(f.account.id, f.headers, circle)).json().data;
    const url = `${base(f.account.id)}/geofences/${id}`;
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.headers,
      payload: { max_assets: 900, name: ' ' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: ['Name is required'],
      max_assets: ['cannot be greater than 500'],
    });
    const noShape = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.headers,
      payload: { is_irregular: 1 },
    });
    expect(noShape.json().errors).toEqual({ shape: ['Must draw geofence on the map to save'] });
    await t.app.inject({
      method: 'PUT',
      url,
      headers: f.headers,
      payload: { is_irregular: 1, geo_json: square },
    });
    const { data } = (await t.app.inject({ url, headers: f.headers })).json();
    expect(data).toMatchObject({ is_irregular: true, name: 'North Depot' });
  });

  it('deletes, after which the geofence is gone', async () => {
    const f = await fleet();
    const { id } = (await create(f.account.id, f.headers, circle)).json().data;
    const url = `${base(f.account.id)}/geofences/${id}`;
    const del = await t.app.inject({ method: 'DELETE', url, headers: f.headers });
    expect(del.json()).toEqual({ data: { id } });
    expect((await t.app.inject({ url, headers: f.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: f.headers })).statusCode).toBe(
      404,
    );
  });
});

describe('geofence changes reach the pipeline at once', () => {
  it('a position after creating a geofence enters it; after moving the geofence it exits', async () => {
    const f = await fleet();
    const device = await createDevice(t, f.account, { name: 'Van 7' });
    // The pipeline has loaded (and cached) the account's empty index before the geofence exists.
    await drive(device.serial, [[0, 35.2, -97.11]]);

    const { id } = (
      await create(f.account.id, f.headers, {
        name: 'Yard',
        address: 'Oklahoma City, OK, US',
        is_irregular: 1,
        geo_json: square,
      })
    ).json().data;
    await drive(device.serial, [[1, 35.2, -97.09]]);

    const events = async () =>
      (
        await t.app.inject({
          url: `${base(f.account.id)}/geofence-events`,
          headers: f.headers,
        })
      ).json();
    const afterEnter = await events();
    expect(afterEnter.data).toHaveLength(1);
    expect(afterEnter.data[0]).toMatchObject({
      event_type: 'geofence-enter',
      description: 'Van 7 entered Yard',
      geofence: { id, name: 'Yard' },
      device: { id: device.id, name: 'Van 7' },
    });
    const details = await t.app.inject({
      url: `${base(f.account.id)}/geofences/${id}`,
      headers: f.headers,
    });
    expect(details.json().data.devices_count).toBe(1);

    await t.app.inject({
      method: 'PUT',
      url: `${base(f.account.id)}/geofences/${id}`,
      headers: f.headers,
      payload: { is_irregular: 0, lat: 30, lng: -90, radius: 1 },
    });
    await drive(device.serial, [[2, 35.2, -97.09]]);
    const afterMove = await events();
    expect(afterMove.data.map((e: { event_type: string }) => e.event_type)).toEqual([
      'geofence-exit',
      'geofence-enter',
    ]);
    expect(afterMove.meta.total).toBe(2);
  });

  it('pages events, filters by geofence and hides trackers the user may not see', async () => {
    const f = await fleet();
    const seen = await createDevice(t, f.account, { name: 'Seen' });
    const hidden = await createDevice(t, f.account, { name: 'Hidden' });
    const a = await createGeofence(t, f.account, { name: 'A', lat: 40, lng: -100, radius: 1 });
    const b = await createGeofence(t, f.account, { name: 'B', lat: 41, lng: -100, radius: 1 });
    t.ctx.geofenceIndexes.invalidate(f.account.id);
    for (const d of [seen, hidden]) {
      await drive(d.serial, [
        [0, 40, -100],
        [60, 41, -100],
      ]);
    }
    const limited = await createUser(t, {
      account: f.account,
      role: 'user',
      full_device_access: false,
    });
    await t.db
      .update(accountMemberships)
      .set({ device_ids: [seen.id] })
      .where(eq(accountMemberships.user_id, limited.id));
    const headers = await authHeader(t, limited.email);

    const all = await t.app.inject({
      url: `${base(f.account.id)}/geofence-events?per_page=2&page=2`,
      headers: f.headers,
    });
    expect(all.json().meta).toMatchObject({ total: 6, current_page: 2, last_page: 3 });
    const onlyB = await t.app.inject({
      url: `${base(f.account.id)}/geofence-events?geofence_id=${b.id}`,
      headers: f.headers,
    });
    expect(onlyB.json().meta.total).toBe(2);
    const mine = await t.app.inject({
      url: `${base(f.account.id)}/geofence-events`,
      headers,
    });
    expect(mine.json().meta.total).toBe(3);
    expect(
      mine.json().data.every((e: { device: { name: string } }) => e.device.name === 'Seen'),
    ).toBe(true);
    expect(a.id).toBeLessThan(b.id);

    const other = await fleet();
    const foreign = await t.app.inject({
      url: `${base(f.account.id)}/geofence-events`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /accounts/{id}/geofence/nearest', () => {
  it('answers the geofence holding the point, else the nearest, else null', async () => {
    const f = await fleet();
    const url = (lat: number, lng: number) =>
      `${base(f.account.id)}/geofence/nearest?lat=${lat}&lng=${lng}`;
    // No geofence yet is an empty answer, not a missing resource (issue 35.18).
    const none = await t.app.inject({ url: url(41.88, -87.63), headers: f.headers });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: null });

    const big = (
      await create(f.account.id, f.headers, { ...circle, name: 'Big', radius: 50 })
    ).json().data;
    const small = (
      await create(f.account.id, f.headers, {
        ...circle,
        name: 'Small',
        lat: 42.2,
        lng: -87.63,
        radius: 1,
      })
    ).json().data;
    const inside = await t.app.inject({ url: url(42.2, -87.63), headers: f.headers });
    expect(inside.json()).toEqual({ data: { id: big.id, name: 'Big' } });
    const far = await t.app.inject({ url: url(45, -87.63), headers: f.headers });
    expect(far.json()).toEqual({ data: { id: small.id, name: 'Small' } });

    const bad = await t.app.inject({ url: url(95, 0), headers: f.headers });
    expect(bad.statusCode).toBe(422);
    const other = await fleet();
    const foreign = await t.app.inject({ url: url(42.2, -87.63), headers: other.headers });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('Download all geofences (download=true)', () => {
  it('mails a CSV of every geofence with its visits in the range', async () => {
    const f = await fleet();
    const device = await createDevice(t, f.account, { name: 'Van 9', serial: `35${Date.now()}` });
    await create(f.account.id, f.headers, { ...circle, name: 'Empty', lat: 10, lng: 10 });
    await create(f.account.id, f.headers, {
      name: 'Yard',
      address: 'Oklahoma City, OK, US',
      is_irregular: 1,
      geo_json: square,
    });
    await drive(device.serial, [
      [0, 35.2, -97.11],
      [10, 35.2, -97.09],
      [40, 35.2, -97.11],
    ]);

    const response = await t.app.inject({
      url: `${base(f.account.id)}/geofences?download=true&offset=300&date_from=2026-01-10%2000:00:00&date_to=2026-01-11%2000:00:00`,
      headers: f.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        message:
          'Your CSV is being generated. Once ready, you will receive an email notification with the download link',
      },
    });
    await t.ctx.jobs.idle();
    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail!.to).toBe(f.admin.user.email);
    const link = new URL(/(http\S+\/api\/exports\/\S+)/.exec(mail!.text)![1]!);
    const csv = (await t.app.inject({ url: link.pathname })).body.trim().split('\r\n');
    expect(csv[0]).toBe(
      'geofence_id,geofence,address,device,serial,entered_at,exited_at,duration_minutes',
    );
    expect(csv).toHaveLength(3);
    expect(csv[1]).toMatch(/^\d+,Empty,"Chicago, IL, US",,,,,$/);
    // 12:10 and 12:40 UTC shown five hours west.
    expect(csv[2]).toMatch(
      new RegExp(
        `,Yard,"Oklahoma City, OK, US",Van 9,${device.serial},2026-01-10 07:10:00,2026-01-10 07:40:00,30$`,
      ),
    );
  });

  it('leaves out the visits of trackers the user may not see', async () => {
    const f = await fleet();
    const device = await createDevice(t, f.account, { name: 'Secret van' });
    await create(f.account.id, f.headers, {
      name: 'Yard',
      address: 'Oklahoma City, OK, US',
      is_irregular: 1,
      geo_json: square,
    });
    await drive(device.serial, [
      [0, 35.2, -97.11],
      [10, 35.2, -97.09],
    ]);
    const limited = await createUser(t, {
      account: f.account,
      role: 'manager',
      full_device_access: false,
    });
    const response = await t.app.inject({
      url: `${base(f.account.id)}/geofences?download=1&date_from=2026-01-10T00:00:00Z&date_to=2026-01-11T00:00:00Z`,
      headers: await authHeader(t, limited.email),
    });
    expect(response.statusCode).toBe(200);
    await t.ctx.jobs.idle();
    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail!.to).toBe(limited.email);
    const link = new URL(/(http\S+\/api\/exports\/\S+)/.exec(mail!.text)![1]!);
    const csv = (await t.app.inject({ url: link.pathname })).body.trim().split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(/^\d+,Yard,"Oklahoma City, OK, US",,,,,$/);
  });

  it('needs both dates in order', async () => {
    const f = await fleet();
    const url = `${base(f.account.id)}/geofences?download=true`;
    const missing = await t.app.inject({ url, headers: f.headers });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ date_from: ['date is required'] });
    const reversed = await t.app.inject({
      url: `${url}&date_from=2026-02-01T00:00:00Z&date_to=2026-01-01T00:00:00Z`,
      headers: f.headers,
    });
    expect(reversed.json().errors).toEqual({
      date_from: ['The start date must be before the end date'],
    });
  });
});

describe('OpenAPI document', () => {
  it('describes the geofence and places calls', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(paths['/api/accounts/{id}/geofences'] ?? {})).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/accounts/{id}/geofences/{geofenceId}'] ?? {})).toEqual([
      'get',
      'put',
      'delete',
    ]);
    expect(paths['/api/accounts/{id}/geofence-events']).toBeDefined();
    expect(paths['/api/accounts/{id}/geofence/nearest']).toBeDefined();
    expect(paths['/api/places']).toBeDefined();
  });
});
