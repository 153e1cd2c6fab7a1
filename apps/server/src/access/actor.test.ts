import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accountMemberships, deviceGroups } from '../db/schema';
import { DomainError } from '../errors/domain-error';
import { STATUS_OF } from '../http/errors';
import { createAccount, createDevice, createUser, openTestDatabase } from '../test/test-app';
import { actorOf, authorize, requireVisibleDevice } from './actor';
import { visibleAmong, visibleDeviceIds } from './device-visibility';

let database: Database;
const t = () => ({ db: database.db });
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The status an access check fails with, or 'passed' when it does not fail. */
async function statusOf(check: () => Promise<unknown>): Promise<number | 'passed'> {
  try {
    await check();
    return 'passed';
  } catch (error) {
    if (error instanceof DomainError) return STATUS_OF[error.kind];
    throw error;
  }
}

/** An account with three trackers: one listed by id, one in a group, one in neither. */
async function fleet() {
  const account = await createAccount(t(), { is_b2b_account: true });
  const [group] = await database.db
    .insert(deviceGroups)
    .values({ account_id: account.id, name: 'Reefers' })
    .returning();
  const listed = await createDevice(t(), account);
  const grouped = await createDevice(t(), account, { group_ids: [group!.id] });
  const other = await createDevice(t(), account);
  return { account, group: group!, listed, grouped, other };
}

describe('actorOf', () => {
  it('gives a full-access member the account, the role’s abilities and every tracker', async () => {
    const { account, listed, grouped, other } = await fleet();
    const user = await createUser(t(), { account, role: 'manager', full_device_access: true });

    const actor = await actorOf(database.db, user.id, account.id);

    expect(actor.user).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      is_gpx_admin: false,
    });
    expect(actor.imitator).toBeNull();
    expect(actor.accountId).toBe(account.id);
    expect(actor.membership.role).toBe('manager');
    expect(actor.ability.can('manage', 'Geofences')).toBe(true);
    expect(actor.ability.can('manage', 'Groups')).toBe(false);
    expect(await visibleDeviceIds(database.db, actor.devices)).toBeNull();
    const ids = [listed.id, grouped.id, other.id];
    expect((await visibleAmong(database.db, actor.devices, ids)).sort()).toEqual(ids.sort());
  });

  it('limits a member to their device_ids and the trackers of their group_ids', async () => {
    const { account, group, listed, grouped, other } = await fleet();
    const user = await createUser(t(), { account, role: 'user', full_device_access: false });
    await database.db
      .update(accountMemberships)
      .set({ device_ids: [listed.id], group_ids: [group.id] })
      .where(
        and(eq(accountMemberships.user_id, user.id), eq(accountMemberships.account_id, account.id)),
      );

    const actor = await actorOf(database.db, user.id, account.id);

    expect(actor.devices).toMatchObject({
      id: account.id,
      full_device_access: false,
      device_ids: [listed.id],
      group_ids: [group.id],
    });
    expect(await visibleDeviceIds(database.db, actor.devices)).toEqual(
      new Set([listed.id, grouped.id]),
    );
    expect(await statusOf(() => requireVisibleDevice(database.db, actor, listed.id))).toBe(
      'passed',
    );
    expect(await statusOf(() => requireVisibleDevice(database.db, actor, grouped.id))).toBe(
      'passed',
    );
    expect(await statusOf(() => requireVisibleDevice(database.db, actor, other.id))).toBe(404);
    expect(await statusOf(async () => authorize(actor, 'manage', 'Users'))).toBe(403);
    expect(await statusOf(async () => authorize(actor, 'manage', 'Devices'))).toBe('passed');
  });

  it('answers 404 for someone outside the account, and for a tracker of another account', async () => {
    const { account, listed } = await fleet();
    const elsewhere = await fleet();
    const outsider = await createUser(t(), { account: elsewhere.account, role: 'admin' });

    expect(await statusOf(() => actorOf(database.db, outsider.id, account.id))).toBe(404);
    expect(await statusOf(() => actorOf(database.db, 2_000_000_000, account.id))).toBe(404);
    const own = await actorOf(database.db, outsider.id, elsewhere.account.id);
    expect(await statusOf(() => requireVisibleDevice(database.db, own, listed.id))).toBe(404);
  });

  it('gives a platform admin outside the account the platform-admin view', async () => {
    const { account, listed, grouped, other } = await fleet();
    const admin = await createUser(t(), { is_gpx_admin: true });

    const actor = await actorOf(database.db, admin.id, account.id);

    expect(actor.user.is_gpx_admin).toBe(true);
    expect(actor.membership).toMatchObject({ id: account.id, role: 'viewer' });
    expect(await visibleDeviceIds(database.db, actor.devices)).toBeNull();
    const ids = [listed.id, grouped.id, other.id];
    expect((await visibleAmong(database.db, actor.devices, ids)).sort()).toEqual(ids.sort());
    // Looking never changes anything: a viewer's abilities, plus the platform's own.
    expect(actor.ability.can('manage', 'Geofences')).toBe(false);
    expect(actor.ability.can('update', 'Devices')).toBe(false);
    expect(actor.ability.can('manage', 'AiModel')).toBe(true);
    expect(await statusOf(() => actorOf(database.db, admin.id, 2_000_000_000))).toBe(404);
  });
});
