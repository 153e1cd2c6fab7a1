import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@waymark/domain';
import {
  authHeader,
  createAccount,
  createDevice,
  createGeofence,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';
import { AnchorRegistry } from '../../pipeline/anchor-registry';
import { anchorsBySerial } from '../../pipeline/registry.queries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An account with BLE anchors switched on (or not) and a signed-in member of a role. */
async function member(role: Role = 'admin', settings: Record<string, string> = { ble_tags: '1' }) {
  const account = await createAccount(t, { settings });
  const user = await createUser(t, { account, role });
  return { account, headers: await authHeader(t, user.email) };
}

const dock = { name: 'Dock 4', serial: 'AA:BB:CC:00:11:22', lat: 41.88, lng: -87.63 };

async function create(accountId: number, headers: Record<string, string>, payload: object = dock) {
  return t.app.inject({
    method: 'POST',
    url: `/api/accounts/${accountId}/anchors`,
    headers,
    payload,
  });
}

async function list(accountId: number, headers: Record<string, string>) {
  return t.app.inject({ url: `/api/accounts/${accountId}/anchors`, headers });
}

describe('POST /api/accounts/{id}/anchors', () => {
  it('creates an anchor: serial lower case, radius 30 feet, the address of the point', async () => {
    const { account, headers } = await member();
    const response = await create(account.id, headers, { ...dock, notes: 'North wall' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      name: 'Dock 4',
      serial: 'aa:bb:cc:00:11:22',
      radius: 30,
      lat: 41.88,
      lng: -87.63,
      notes: 'North wall',
      geofence_id: null,
      images: [],
      device: null,
    });
    expect(data.id).toEqual(expect.any(Number));
    expect(data.address).toMatch(/Chicago/);
  });

  it('finds the point of a typed address, or says it cannot', async () => {
    const { account, headers } = await member();
    const found = await create(account.id, headers, {
      name: 'Springfield gate',
      serial: 'beacon-1',
      address: 'Springfield, IL',
      radius: 50,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.lat).toBeCloseTo(39.8, 1);
    expect(found.json().data.address).toBe('Springfield, IL');

    const missing = await create(account.id, headers, {
      name: 'Nowhere',
      serial: 'beacon-2',
      address: 'Qqqxxzz',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      address: ['Address not found: click the point on the map instead'],
    });
  });

  it('answers 422 naming each invalid field', async () => {
    const { account, headers } = await member();
    const blank = await create(account.id, headers, { name: ' ', serial: '', radius: 35 });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({
      name: ['Name is required'],
      serial: ['Serial is required'],
      radius: ['Radius must be one of 30, 40, 50, 60, 70, 80 feet'],
    });

    const nowhere = await create(account.id, headers, { name: 'A', serial: 'b' });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json()).toEqual({
      message: 'Enter an address or click a point on the map',
      errors: { address: ['Enter an address or click a point on the map'] },
    });
  });

  it('keeps serials unique in an account whatever their case, not across accounts', async () => {
    const first = await member();
    expect((await create(first.account.id, first.headers)).statusCode).toBe(200);
    const again = await create(first.account.id, first.headers, {
      ...dock,
      serial: 'aa:bb:cc:00:11:22',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ serial: ['The serial has already been taken.'] });

    const other = await member();
    expect((await create(other.account.id, other.headers)).statusCode).toBe(200);
  });

  it("links a geofence of the account, never another account's", async () => {
    const { account, headers } = await member();
    const own = await createGeofence(t, account);
    const linked = await create(account.id, headers, { ...dock, geofence_id: own.id });
    expect(linked.json().data.geofence_id).toBe(own.id);

    const foreign = await createGeofence(t, await createAccount(t));
    const refused = await create(account.id, headers, {
      ...dock,
      serial: 'other',
      geofence_id: foreign.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ geofence_id: ['The selected geofence is invalid.'] });
  });

  it('names the tracker registered with the same serial', async () => {
    const { account, headers } = await member();
    const tracker = await createDevice(t, account, { serial: 'AA:BB:CC:00:11:22' });
    const response = await create(account.id, headers);
    expect(response.json().data.device).toEqual({ id: tracker.id, serial: tracker.serial });
  });

  it('is for members who may manage Anchors in a ble_tags account only', async () => {
    for (const role of ['manager', 'user'] as const) {
      const { account, headers } = await member(role);
      expect((await create(account.id, headers)).statusCode).toBe(200);
    }
    const viewer = await member('viewer');
    expect((await create(viewer.account.id, viewer.headers)).statusCode).toBe(403);
    const noBle = await member('admin', {});
    expect((await create(noBle.account.id, noBle.headers)).statusCode).toBe(403);
    const stranger = await member();
    const target = await member();
    expect((await create(target.account.id, stranger.headers)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/accounts/${target.account.id}/anchors` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET /api/accounts/{id}/anchors', () => {
  it('lists the anchors by name', async () => {
    const { account, headers } = await member();
    await create(account.id, headers, { ...dock, name: 'Zulu', serial: 'z1' });
    await create(account.id, headers, { ...dock, name: 'Alpha', serial: 'a1' });
    const response = await list(account.id, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((a: { name: string }) => a.name)).toEqual(['Alpha', 'Zulu']);
  });

  it('needs view Anchors: managers yes, viewers and accounts without ble_tags no', async () => {
    const manager = await member('manager');
    expect((await list(manager.account.id, manager.headers)).statusCode).toBe(200);
    const viewer = await member('viewer');
    expect((await list(viewer.account.id, viewer.headers)).statusCode).toBe(403);
    const noBle = await member('admin', { ble_tags: '0' });
    expect((await list(noBle.account.id, noBle.headers)).statusCode).toBe(403);
    const stranger = await member();
    expect((await list(manager.account.id, stranger.headers)).statusCode).toBe(404);
  });
});

describe('PUT /api/accounts/{id}/anchors/{anchorId}', () => {
  it('saves every field and answers the anchor', async () => {
    const { account, headers } = await member();
    const id = (await create(account.id, headers)).json().data.id;
    const geofence = await createGeofence(t, account);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${account.id}/anchors/${id}`,
      headers,
      payload: {
        name: 'Dock 5',
        serial: 'AA:BB:CC:00:11:22',
        address: 'Bay 5, Chicago',
        radius: 80,
        lat: 41.9,
        lng: -87.6,
        geofence_id: geofence.id,
        notes: 'Moved',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id,
      name: 'Dock 5',
      serial: 'aa:bb:cc:00:11:22',
      address: 'Bay 5, Chicago',
      radius: 80,
      lat: 41.9,
      geofence_id: geofence.id,
      notes: 'Moved',
    });
    const [listed] = (await list(account.id, headers)).json().data;
    expect(listed).toMatchObject({ name: 'Dock 5', radius: 80 });
  });

  it('takes the short path /anchors/{id} and POST as the spec names them', async () => {
    const { account, headers } = await member();
    const id = (await create(account.id, headers)).json().data.id;
    const short = await t.app.inject({
      method: 'PUT',
      url: `/api/anchors/${id}`,
      headers,
      payload: { ...dock, name: 'Short' },
    });
    expect(short.statusCode).toBe(200);
    expect(short.json().data.name).toBe('Short');
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${account.id}/anchors/${id}`,
      headers,
      payload: { ...dock, name: 'Posted' },
    });
    expect(post.json().data).toMatchObject({ id, name: 'Posted' });
  });

  it("refuses another anchor's serial, viewers, and another account's ids", async () => {
    const { account, headers } = await member();
    await create(account.id, headers, { ...dock, serial: 'taken' });
    const id = (await create(account.id, headers)).json().data.id;
    const put = (url: string, h: Record<string, string>, payload: object = dock) =>
      t.app.inject({ method: 'PUT', url, headers: h, payload });

    const clash = await put(`/api/accounts/${account.id}/anchors/${id}`, headers, {
      ...dock,
      serial: 'TAKEN',
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.serial).toEqual(['The serial has already been taken.']);

    const viewer = await createUser(t, { account, role: 'viewer' });
    const viewerHeaders = await authHeader(t, viewer.email);
    expect((await put(`/api/accounts/${account.id}/anchors/${id}`, viewerHeaders)).statusCode).toBe(
      403,
    );

    const other = await member();
    expect(
      (await put(`/api/accounts/${other.account.id}/anchors/${id}`, other.headers)).statusCode,
    ).toBe(404);
    expect((await put(`/api/anchors/${id}`, other.headers)).statusCode).toBe(404);
    expect((await put(`/api/anchors/999999`, headers)).statusCode).toBe(404);
  });
});

describe('DELETE /api/accounts/{id}/anchors/{anchorId}', () => {
  it('deletes the anchor; another account and a viewer cannot', async () => {
    const { account, headers } = await member();
    const id = (await create(account.id, headers)).json().data.id;
    const url = `/api/accounts/${account.id}/anchors/${id}`;

    const other = await member();
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${other.account.id}/anchors/${id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const viewer = await createUser(t, { account, role: 'viewer' });
    const refused = await t.app.inject({
      method: 'DELETE',
      url,
      headers: await authHeader(t, viewer.email),
    });
    expect(refused.statusCode).toBe(403);

    const response = await t.app.inject({ method: 'DELETE', url, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect((await list(account.id, headers)).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(404);
  });
});

describe("the pipeline's anchors", () => {
  it('follow every create, update and delete at once, told by the bus', async () => {
    const { account, headers } = await member();
    const registry = new AnchorRegistry(t.db, t.ctx.bus);
    expect((await registry.forAccount(account.id)).size).toBe(0);

    const id = (await create(account.id, headers)).json().data.id;
    expect((await registry.forAccount(account.id)).get('aa:bb:cc:00:11:22')?.lat).toBe(41.88);

    await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${account.id}/anchors/${id}`,
      headers,
      payload: { ...dock, lat: 40 },
    });
    expect((await registry.forAccount(account.id)).get('aa:bb:cc:00:11:22')?.lat).toBe(40);

    await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${account.id}/anchors/${id}`,
      headers,
    });
    expect((await registry.forAccount(account.id)).size).toBe(0);
    registry.stopListening();
  });
});

describe('anchorsBySerial', () => {
  it("maps the account's lower-case serials to where the anchor is, radius as metres", async () => {
    const { account, headers } = await member();
    const id = (await create(account.id, headers, { ...dock, radius: 50 })).json().data.id;
    const other = await member();
    await create(other.account.id, other.headers, { ...dock, lat: 10, lng: 10 });

    const anchors = await anchorsBySerial(t.db, account.id);
    expect([...anchors.keys()]).toEqual(['aa:bb:cc:00:11:22']);
    expect(anchors.get('aa:bb:cc:00:11:22')).toEqual({
      id,
      name: 'Dock 4',
      lat: 41.88,
      lng: -87.63,
      accuracy: 50 * 0.3048,
    });
  });
});
