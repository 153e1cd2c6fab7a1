import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { accountMemberships, devices, subscriptions } from '../../db/schema';
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

type Headers = Record<string, string>;
interface GroupBody {
  id: number;
  name: string;
  account_id: number;
  device_ids: number[];
  devices_count: number;
  devices?: { id: number; name: string; subscription: { status: string } | null }[];
}

/** A business account with four trackers, an admin, a manager and a viewer who sees one. */
async function fleet() {
  const account = await createAccount(t, { is_b2b_account: true });
  const [sub] = await t.db
    .insert(subscriptions)
    .values({ account_id: account.id, status: 'active' })
    .returning();
  const alpha = await createDevice(t, account, { name: 'Alpha', subscription_id: sub!.id });
  const bravo = await createDevice(t, account, { name: 'Bravo' });
  const charlie = await createDevice(t, account, { name: 'Charlie' });
  const delta = await createDevice(t, account, { name: 'Delta' });
  const admin = await createUser(t, { account, role: 'admin' });
  const manager = await createUser(t, { account, role: 'manager' });
  const viewer = await createUser(t, { account, role: 'viewer', full_device_access: false });
  await t.db
    .update(accountMemberships)
    .set({ device_ids: [alpha.id] })
    .where(
      and(eq(accountMemberships.user_id, viewer.id), eq(accountMemberships.account_id, account.id)),
    );
  return {
    account,
    alpha,
    bravo,
    charlie,
    delta,
    viewer,
    admin: await authHeader(t, admin.email),
    manager: await authHeader(t, manager.email),
    viewerHeaders: await authHeader(t, viewer.email),
  };
}

const groupsUrl = (accountId: number) => `/api/accounts/${accountId}/groups`;

async function createGroup(
  headers: Headers,
  accountId: number,
  payload: { name: string; device_ids?: number[] },
) {
  const response = await t.app.inject({
    method: 'POST',
    url: groupsUrl(accountId),
    headers,
    payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: GroupBody }>().data;
}

async function groupIdsOf(deviceId: number) {
  const [row] = await t.db
    .select({ group_ids: devices.group_ids })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row?.group_ids;
}

describe('POST /api/accounts/{id}/groups', () => {
  it('creates a group with its first trackers', async () => {
    const f = await fleet();
    const response = await t.app.inject({
      method: 'POST',
      url: groupsUrl(f.account.id),
      headers: f.admin,
      payload: { name: ' Vans ', device_ids: [f.charlie.id, f.alpha.id, f.alpha.id] },
    });
    expect(response.statusCode).toBe(201);
    const group = response.json<{ data: GroupBody }>().data;
    expect(group).toEqual({
      id: expect.any(Number),
      name: 'Vans',
      account_id: f.account.id,
      device_ids: [f.alpha.id, f.charlie.id].sort((a, b) => a - b),
      devices_count: 2,
    });
    expect(await groupIdsOf(f.alpha.id)).toEqual([group.id]);
    expect(await groupIdsOf(f.bravo.id)).toEqual([]);
  });

  it('creates a blank group', async () => {
    const f = await fleet();
    const group = await createGroup(f.admin, f.account.id, { name: 'Empty' });
    expect(group.device_ids).toEqual([]);
    expect(group.devices_count).toBe(0);
  });

  it('requires a name', async () => {
    const f = await fleet();
    for (const payload of [{}, { name: '   ' }, { name: '' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: groupsUrl(f.account.id),
        headers: f.admin,
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'Name is required',
        errors: { name: ['Name is required'] },
      });
    }
  });

  it("refuses another account's trackers and unknown ids alike with 422 on device_ids", async () => {
    const f = await fleet();
    const other = await fleet();
    for (const id of [other.alpha.id, 999_999_999]) {
      const response = await t.app.inject({
        method: 'POST',
        url: groupsUrl(f.account.id),
        headers: f.admin,
        payload: { name: 'Mixed', device_ids: [f.alpha.id, id] },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        device_ids: ['Every id in device_ids must be a tracker of this account'],
      });
    }
    expect(await groupIdsOf(other.alpha.id)).toEqual([]);
    expect(await groupIdsOf(f.alpha.id)).toEqual([]);
  });

  it('is refused with Access denied without manage Groups (managers and viewers)', async () => {
    const f = await fleet();
    for (const headers of [f.manager, f.viewerHeaders]) {
      const response = await t.app.inject({
        method: 'POST',
        url: groupsUrl(f.account.id),
        headers,
        payload: { name: 'Nope' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Access denied');
    }
  });

  it('answers 404 for an account the user does not belong to, 401 without a token', async () => {
    const f = await fleet();
    const other = await fleet();
    const response = await t.app.inject({
      method: 'POST',
      url: groupsUrl(other.account.id),
      headers: f.admin,
      payload: { name: 'Intruder' },
    });
    expect(response.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: groupsUrl(f.account.id) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('groups of consumer accounts', () => {
  it('are refused: groups are for business accounts only', async () => {
    const account = await createAccount(t, { is_b2b_account: false });
    const admin = await createUser(t, { account, role: 'admin' });
    const headers = await authHeader(t, admin.email);
    const list = await t.app.inject({ url: groupsUrl(account.id), headers });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe('Groups are available to business accounts only');
    const create = await t.app.inject({
      method: 'POST',
      url: groupsUrl(account.id),
      headers,
      payload: { name: 'Family' },
    });
    expect(create.statusCode).toBe(403);
  });
});

describe('GET /api/accounts/{id}/groups', () => {
  it('lists groups by name with members, devices left out with exclude_devices=1', async () => {
    const f = await fleet();
    const vans = await createGroup(f.admin, f.account.id, {
      name: 'vans',
      device_ids: [f.bravo.id],
    });
    const trucks = await createGroup(f.admin, f.account.id, {
      name: 'Trucks',
      device_ids: [f.alpha.id, f.bravo.id],
    });
    const response = await t.app.inject({
      url: `${groupsUrl(f.account.id)}?exclude_devices=1`,
      headers: f.viewerHeaders,
    });
    expect(response.statusCode).toBe(200);
    // The viewer sees Alpha only: only the group holding it, counted with it alone.
    expect(response.json().data).toEqual([
      {
        id: trucks.id,
        name: 'Trucks',
        account_id: f.account.id,
        device_ids: [f.alpha.id],
        devices_count: 1,
      },
    ]);

    const all = await t.app.inject({
      url: `${groupsUrl(f.account.id)}?exclude_devices=1`,
      headers: f.manager,
    });
    const groups = all.json<{ data: GroupBody[] }>().data;
    expect(groups.map((g) => g.name)).toEqual(['Trucks', 'vans']);
    expect(groups[1]).toEqual({ ...vans, devices_count: 1 });
    expect(groups.every((g) => g.devices === undefined)).toBe(true);
  });

  it('includes the devices unless excluded, and searches by name', async () => {
    const f = await fleet();
    await createGroup(f.admin, f.account.id, { name: 'North Vans', device_ids: [f.alpha.id] });
    await createGroup(f.admin, f.account.id, { name: 'South', device_ids: [f.bravo.id] });
    const response = await t.app.inject({
      url: `${groupsUrl(f.account.id)}?search=VAN`,
      headers: f.admin,
    });
    const groups = response.json<{ data: GroupBody[] }>().data;
    expect(groups).toHaveLength(1);
    expect(groups[0]!.name).toBe('North Vans');
    expect(groups[0]!.devices?.map((d) => d.name)).toEqual(['Alpha']);
  });

  it("never lists another account's groups", async () => {
    const f = await fleet();
    const other = await fleet();
    await createGroup(other.admin, other.account.id, { name: 'Theirs' });
    const response = await t.app.inject({ url: groupsUrl(f.account.id), headers: f.admin });
    expect(response.json().data).toEqual([]);
    const foreign = await t.app.inject({ url: groupsUrl(other.account.id), headers: f.admin });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /api/accounts/{id}/groups/{groupId}', () => {
  it('includes the devices with their subscriptions, by name', async () => {
    const f = await fleet();
    const group = await createGroup(f.admin, f.account.id, {
      name: 'Mixed',
      device_ids: [f.bravo.id, f.alpha.id],
    });
    const response = await t.app.inject({
      url: `${groupsUrl(f.account.id)}/${group.id}`,
      headers: f.manager,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: GroupBody }>().data;
    expect(data.devices_count).toBe(2);
    expect(data.devices?.map((d) => [d.name, d.subscription?.status ?? null])).toEqual([
      ['Alpha', 'active'],
      ['Bravo', null],
    ]);
  });

  it("answers 404 for another account's group and for a group the viewer cannot see", async () => {
    const f = await fleet();
    const other = await fleet();
    const theirs = await createGroup(other.admin, other.account.id, { name: 'Theirs' });
    const foreign = await t.app.inject({
      url: `${groupsUrl(f.account.id)}/${theirs.id}`,
      headers: f.admin,
    });
    expect(foreign.statusCode).toBe(404);
    const hidden = await createGroup(f.admin, f.account.id, {
      name: 'Hidden',
      device_ids: [f.delta.id],
    });
    const viewer = await t.app.inject({
      url: `${groupsUrl(f.account.id)}/${hidden.id}`,
      headers: f.viewerHeaders,
    });
    expect(viewer.statusCode).toBe(404);
  });

  it('shows a viewer a group granted to them even when it is empty', async () => {
    const f = await fleet();
    const granted = await createGroup(f.admin, f.account.id, { name: 'Granted' });
    await t.db
      .update(accountMemberships)
      .set({ group_ids: [granted.id] })
      .where(eq(accountMemberships.user_id, f.viewer.id));
    const response = await t.app.inject({
      url: `${groupsUrl(f.account.id)}/${granted.id}`,
      headers: f.viewerHeaders,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.devices).toEqual([]);
  });
});

describe('PUT /api/accounts/{id}/groups/{groupId}', () => {
  it('renames, and replaces the members when device_ids is given', async () => {
    const f = await fleet();
    const group = await createGroup(f.admin, f.account.id, {
      name: 'Old',
      device_ids: [f.alpha.id],
    });
    const url = `${groupsUrl(f.account.id)}/${group.id}`;
    const rename = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.admin,
      payload: { name: 'New' },
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().data).toMatchObject({ name: 'New', device_ids: [f.alpha.id] });
    const swap = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.admin,
      payload: { name: 'New', device_ids: [f.delta.id] },
    });
    expect(swap.json().data.device_ids).toEqual([f.delta.id]);
    expect(await groupIdsOf(f.alpha.id)).toEqual([]);
  });

  it('validates the name and permissions, and 404s across accounts', async () => {
    const f = await fleet();
    const other = await fleet();
    const group = await createGroup(f.admin, f.account.id, { name: 'Keep' });
    const url = `${groupsUrl(f.account.id)}/${group.id}`;
    const blank = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.admin,
      payload: { name: '' },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.name).toEqual(['Name is required']);
    const manager = await t.app.inject({
      method: 'PUT',
      url,
      headers: f.manager,
      payload: { name: 'Mine' },
    });
    expect(manager.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `${groupsUrl(other.account.id)}/${group.id}`,
      headers: other.admin,
      payload: { name: 'Stolen' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('group membership calls', () => {
  it('POST devices adds trackers and keeps the ones already in', async () => {
    const f = await fleet();
    const group = await createGroup(f.admin, f.account.id, {
      name: 'G',
      device_ids: [f.alpha.id],
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `${groupsUrl(f.account.id)}/${group.id}/devices`,
      headers: f.admin,
      payload: { device_ids: [f.alpha.id, f.bravo.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.device_ids).toEqual([f.alpha.id, f.bravo.id].sort((a, b) => a - b));
    expect(await groupIdsOf(f.alpha.id)).toEqual([group.id]);
  });

  it('POST devices-swap replaces the members; an empty list removes them all', async () => {
    const f = await fleet();
    const group = await createGroup(f.admin, f.account.id, {
      name: 'G',
      device_ids: [f.alpha.id, f.bravo.id],
    });
    const url = `${groupsUrl(f.account.id)}/${group.id}/devices-swap`;
    const swapped = await t.app.inject({
      method: 'POST',
      url,
      headers: f.admin,
      payload: { device_ids: [f.charlie.id] },
    });
    expect(swapped.json().data.device_ids).toEqual([f.charlie.id]);
    const emptied = await t.app.inject({
      method: 'POST',
      url,
      headers: f.admin,
      payload: { device_ids: [] },
    });
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json().data).toMatchObject({ device_ids: [], devices_count: 0 });
  });

  it('DELETE devices removes the listed trackers, or all of them without ids', async () => {
    const f = await fleet();
    const group = await createGroup(f.admin, f.account.id, {
      name: 'G',
      device_ids: [f.alpha.id, f.bravo.id, f.charlie.id, f.delta.id],
    });
    const url = `${groupsUrl(f.account.id)}/${group.id}/devices`;
    const one = await t.app.inject({
      method: 'DELETE',
      url,
      headers: f.admin,
      payload: { device_ids: [f.alpha.id] },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.devices_count).toBe(3);
    const byQuery = await t.app.inject({
      method: 'DELETE',
      url: `${url}?device_ids=${f.bravo.id}`,
      headers: f.admin,
    });
    expect(byQuery.json()).toMatchObject({ data: { devices_count: 2 } });
    const all = await t.app.inject({ method: 'DELETE', url, headers: f.admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toMatchObject({ device_ids: [], devices_count: 0 });
    expect(await groupIdsOf(f.delta.id)).toEqual([]);
  });

  it("refuses another account's trackers, non-managers and another account's group", async () => {
    const f = await fleet();
    const other = await fleet();
    const group = await createGroup(f.admin, f.account.id, { name: 'G' });
    const base = `${groupsUrl(f.account.id)}/${group.id}`;
    const calls = [
      { method: 'POST' as const, url: `${base}/devices` },
      { method: 'POST' as const, url: `${base}/devices-swap` },
      { method: 'DELETE' as const, url: `${base}/devices` },
    ];
    for (const call of calls) {
      const foreignIds = await t.app.inject({
        ...call,
        headers: f.admin,
        payload: { device_ids: [other.alpha.id] },
      });
      expect(foreignIds.statusCode).toBe(422);
      expect(Object.keys(foreignIds.json().errors)).toEqual(['device_ids']);
      const notIds = await t.app.inject({
        ...call,
        headers: f.admin,
        payload: { device_ids: ['x'] },
      });
      expect(notIds.statusCode).toBe(422);
      const denied = await t.app.inject({
        ...call,
        headers: f.manager,
        payload: { device_ids: [f.alpha.id] },
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe('Access denied');
      const foreignGroup = await t.app.inject({
        ...call,
        url: call.url.replace(`/${f.account.id}/`, `/${other.account.id}/`),
        headers: other.admin,
        payload: { device_ids: [other.alpha.id] },
      });
      expect(foreignGroup.statusCode).toBe(404);
    }
    expect(await groupIdsOf(other.alpha.id)).toEqual([]);
  });

  it('POST devices requires device_ids', async () => {
    const f = await fleet();
    const group = await createGroup(f.admin, f.account.id, { name: 'G' });
    const response = await t.app.inject({
      method: 'POST',
      url: `${groupsUrl(f.account.id)}/${group.id}/devices`,
      headers: f.admin,
      payload: {},
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['device_ids']);
  });
});

describe('DELETE /api/accounts/{id}/groups/{groupId}', () => {
  it('deletes the group and every reference to it', async () => {
    const f = await fleet();
    const group = await createGroup(f.admin, f.account.id, {
      name: 'Doomed',
      device_ids: [f.alpha.id, f.bravo.id],
    });
    const kept = await createGroup(f.admin, f.account.id, {
      name: 'Kept',
      device_ids: [f.alpha.id],
    });
    await t.db
      .update(accountMemberships)
      .set({ group_ids: [group.id, kept.id] })
      .where(eq(accountMemberships.user_id, f.viewer.id));
    const url = `${groupsUrl(f.account.id)}/${group.id}`;

    const denied = await t.app.inject({ method: 'DELETE', url, headers: f.manager });
    expect(denied.statusCode).toBe(403);
    const response = await t.app.inject({ method: 'DELETE', url, headers: f.admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: group.id } });

    expect((await t.app.inject({ url, headers: f.admin })).statusCode).toBe(404);
    const rows = await t.db
      .select({ id: devices.id, group_ids: devices.group_ids })
      .from(devices)
      .where(inArray(devices.id, [f.alpha.id, f.bravo.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.group_ids]))).toEqual({
      [f.alpha.id]: [kept.id],
      [f.bravo.id]: [],
    });
    const [membership] = await t.db
      .select({ group_ids: accountMemberships.group_ids })
      .from(accountMemberships)
      .where(eq(accountMemberships.user_id, f.viewer.id));
    expect(membership?.group_ids).toEqual([kept.id]);
  });

  it("answers 404 for another account's group", async () => {
    const f = await fleet();
    const other = await fleet();
    const theirs = await createGroup(other.admin, other.account.id, { name: 'Theirs' });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${groupsUrl(f.account.id)}/${theirs.id}`,
      headers: f.admin,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('OpenAPI document', () => {
  it('describes every group call', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/accounts/{id}/groups'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/accounts/{id}/groups/{groupId}'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'put',
    ]);
    expect(Object.keys(paths['/api/accounts/{id}/groups/{groupId}/devices'] ?? {}).sort()).toEqual([
      'delete',
      'post',
    ]);
    expect(paths['/api/accounts/{id}/groups/{groupId}/devices-swap']).toHaveProperty('post');
  });
});
