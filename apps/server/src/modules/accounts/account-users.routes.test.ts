import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { accountMemberships, deviceGroups, devices } from '../../db/schema';
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

async function limit(accountId: number, userId: number, device_ids: number[], group_ids: number[]) {
  await t.db
    .update(accountMemberships)
    .set({ full_device_access: false, device_ids, group_ids })
    .where(
      and(eq(accountMemberships.user_id, userId), eq(accountMemberships.account_id, accountId)),
    );
}

async function groupWith(accountId: number, deviceIds: number[]) {
  const [group] = await t.db
    .insert(deviceGroups)
    .values({ account_id: accountId, name: `Group ${deviceIds.join('-')}` })
    .returning();
  for (const id of deviceIds) {
    await t.db
      .update(devices)
      .set({ group_ids: sql`array_append(${devices.group_ids}, ${group!.id})` })
      .where(eq(devices.id, id));
  }
  return group!;
}

describe('GET /api/accounts/{id}/users', () => {
  it('counts the trackers a limited user sees through groups too, when asked', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const viewer = await createUser(t, { account, role: 'viewer' });
    const [a, b, c] = [
      await createDevice(t, account),
      await createDevice(t, account),
      await createDevice(t, account),
    ];
    const group = await groupWith(account.id, [b!.id, c!.id]);
    // a directly, b both directly and through the group (counted once), c through the group.
    await limit(account.id, viewer.id, [a!.id, b!.id], [group.id]);
    const headers = await authHeader(t, admin.email);
    const counted = await t.app.inject({
      url: `/api/accounts/${account.id}/users?include=devicesCount`,
      headers,
    });
    expect(counted.statusCode).toBe(200);
    const rows = counted.json().data as { id: number; devices_count: number | null }[];
    expect(rows.find((u) => u.id === viewer.id)?.devices_count).toBe(3);
    expect(rows.find((u) => u.id === admin.id)).toMatchObject({
      full_device_access: true,
      devices_count: null,
    });
    const uncounted = await t.app.inject({ url: `/api/accounts/${account.id}/users`, headers });
    expect(
      (uncounted.json().data as { id: number; devices_count: number | null }[]).find(
        (u) => u.id === viewer.id,
      )?.devices_count,
    ).toBeNull();
  });
});

describe('GET /api/accounts/{id}/users/{userId}', () => {
  it('shows one user to a manager, 403 to a power user, 404 for a user of another account', async () => {
    const account = await createAccount(t);
    const manager = await createUser(t, { account, role: 'manager' });
    const user = await createUser(t, { account, role: 'user' });
    const outsider = await createUser(t, { account: await createAccount(t) });
    const headers = await authHeader(t, manager.email);
    const one = await t.app.inject({
      url: `/api/accounts/${account.id}/users/${user.id}`,
      headers,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: user.id, role: 'user', email: user.email });
    const foreign = await t.app.inject({
      url: `/api/accounts/${account.id}/users/${outsider.id}`,
      headers,
    });
    expect(foreign.statusCode).toBe(404);
    const refused = await t.app.inject({
      url: `/api/accounts/${account.id}/users/${manager.id}`,
      headers: await authHeader(t, user.email),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('PUT /api/v2/accounts/{id}/users/{userId}', () => {
  it('limits a user to chosen trackers and groups, applied to their next request', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const user = await createUser(t, { account, role: 'user' });
    const [a, b, c] = [
      await createDevice(t, account),
      await createDevice(t, account),
      await createDevice(t, account),
    ];
    const group = await groupWith(account.id, [b!.id]);
    const userHeaders = await authHeader(t, user.email);
    const status = async (deviceId: number) =>
      (
        await t.app.inject({
          url: `/api/accounts/${account.id}/devices/${deviceId}`,
          headers: userHeaders,
        })
      ).statusCode;
    expect([await status(a!.id), await status(b!.id), await status(c!.id)]).toEqual([
      200, 200, 200,
    ]);

    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/accounts/${account.id}/users/${user.id}`,
      headers: await authHeader(t, admin.email),
      payload: {
        role: 'viewer',
        full_device_access: false,
        device_ids: [a!.id],
        group_ids: [group.id],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      role: 'viewer',
      full_device_access: false,
      device_ids: [a!.id],
      group_ids: [group.id],
      devices_count: 2,
    });
    // a chosen, b through the group, c no longer.
    expect([await status(a!.id), await status(b!.id), await status(c!.id)]).toEqual([
      200, 200, 404,
    ]);
  });

  it('gives an admin every tracker whatever the lists say', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const user = await createUser(t, { account, role: 'user' });
    const device = await createDevice(t, account);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/accounts/${account.id}/users/${user.id}`,
      headers: await authHeader(t, admin.email),
      payload: { role: 'admin', full_device_access: false, device_ids: [device.id], group_ids: [] },
    });
    expect(response.json().data).toMatchObject({
      role: 'admin',
      full_device_access: true,
      device_ids: [],
      devices_count: null,
    });
  });

  it('refuses trackers of another account, a manager granting admin, and changing oneself', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const manager = await createUser(t, { account, role: 'manager' });
    const user = await createUser(t, { account, role: 'user' });
    const foreign = await createDevice(t, await createAccount(t));
    const put = async (email: string, userId: number, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v2/accounts/${account.id}/users/${userId}`,
        headers: await authHeader(t, email),
        payload,
      });
    const limited = { role: 'user', full_device_access: false, group_ids: [] };

    const unknown = await put(admin.email, user.id, { ...limited, device_ids: [foreign.id] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      device_ids: ['Some of these trackers are not in this account.'],
    });

    const badRole = await put(admin.email, user.id, { ...limited, role: 'owner', device_ids: [] });
    expect(badRole.statusCode).toBe(422);
    expect(Object.keys(badRole.json().errors)).toEqual(['role']);

    const escalation = await put(manager.email, user.id, {
      role: 'admin',
      full_device_access: true,
    });
    expect(escalation.statusCode).toBe(403);
    expect(escalation.json().message).toBe(
      'Only an account admin can grant or change the Admin role.',
    );
    const ownAccess = await put(admin.email, admin.id, {
      role: 'viewer',
      full_device_access: true,
    });
    expect(ownAccess.statusCode).toBe(403);
    expect(ownAccess.json().message).toBe('You cannot change or remove your own access.');

    const byManager = await put(manager.email, user.id, { ...limited, device_ids: [] });
    expect(byManager.statusCode).toBe(200);
    const byUser = await put(user.email, manager.id, { ...limited, device_ids: [] });
    expect(byUser.statusCode).toBe(403);
  });

  it("is 404 for another account's user", async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const outsider = await createUser(t, { account: await createAccount(t), role: 'user' });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/accounts/${account.id}/users/${outsider.id}`,
      headers: await authHeader(t, admin.email),
      payload: { role: 'user', full_device_access: true },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/accounts/{id}/users/{userId}', () => {
  it('removes the user from the account only; they lose it at once', async () => {
    const account = await createAccount(t);
    const other = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const user = await createUser(t, { account, role: 'user' });
    await t.db
      .insert(accountMemberships)
      .values({ account_id: other.id, user_id: user.id, role: 'viewer' });
    const userHeaders = await authHeader(t, user.email);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${account.id}/users/${user.id}`,
      headers: await authHeader(t, admin.email),
    });
    expect(response.statusCode).toBe(200);
    const gone = await t.app.inject({
      url: `/api/accounts/${account.id}/device-list`,
      headers: userHeaders,
    });
    expect(gone.statusCode).toBe(404);
    const me = await t.app.inject({ url: '/api/me', headers: userHeaders });
    expect((me.json().data.accounts as { id: number }[]).map((a) => a.id)).toEqual([other.id]);
  });

  it('is 403 for a viewer, for a manager removing an admin and for oneself; 404 elsewhere', async () => {
    const account = await createAccount(t);
    const admin = await createUser(t, { account, role: 'admin' });
    const manager = await createUser(t, { account, role: 'manager' });
    const viewer = await createUser(t, { account, role: 'viewer' });
    const outsider = await createUser(t, { account: await createAccount(t) });
    const remove = async (email: string, userId: number) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/accounts/${account.id}/users/${userId}`,
        headers: await authHeader(t, email),
      });
    expect((await remove(viewer.email, manager.id)).statusCode).toBe(403);
    expect((await remove(manager.email, admin.id)).statusCode).toBe(403);
    expect((await remove(admin.email, admin.id)).statusCode).toBe(403);
    expect((await remove(admin.email, outsider.id)).statusCode).toBe(404);
  });
});
