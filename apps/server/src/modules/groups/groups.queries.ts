import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Group, GroupDevice } from '@waymark/domain';
import type { Db } from '../../db/client';
import {
  accountMemberships,
  currentPositions,
  deviceGroups,
  devices,
  models,
  subscriptions,
} from '../../db/schema';
import { seesAllDevices, visibleDevices, type DeviceScope } from '../../access/device-visibility';
import { presentDeviceItem } from '../devices/devices.present';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

const idArray = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;
const hasGroup = (groupId: number) => sql`${groupId} = ANY(${devices.group_ids})`;

/**
 * The member's visible trackers of each group, as `group id -> device ids` (ascending).
 * One pass over the account's grouped devices instead of one scan per group.
 */
async function membersByGroup(db: Db, scope: DeviceScope, groupIds?: number[]) {
  const rows = await db
    .select({
      device_id: devices.id,
      group_id: sql<number>`unnest(${devices.group_ids})`.as('group_id'),
    })
    .from(devices)
    .where(and(visibleDevices(scope), sql`cardinality(${devices.group_ids}) > 0`))
    .orderBy(asc(devices.id));
  const members = new Map<number, number[]>();
  const wanted = groupIds ? new Set(groupIds) : null;
  for (const { device_id, group_id } of rows) {
    if (wanted && !wanted.has(group_id)) continue;
    const list = members.get(group_id);
    if (list) list.push(device_id);
    else members.set(group_id, [device_id]);
  }
  return members;
}

/**
 * Groups of the account by name, with the members the caller may see. A member with limited
 * device access sees the groups granted to them and those holding a tracker they may see.
 */
export async function listGroups(
  db: Db,
  scope: DeviceScope,
  filter: { search?: string | undefined; groupId?: number } = {},
): Promise<Group[]> {
  const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const groups = await db
    .select({ id: deviceGroups.id, name: deviceGroups.name, account_id: deviceGroups.account_id })
    .from(deviceGroups)
    .where(
      and(
        eq(deviceGroups.account_id, scope.id),
        pattern ? ilike(deviceGroups.name, pattern) : undefined,
        filter.groupId !== undefined ? eq(deviceGroups.id, filter.groupId) : undefined,
      ),
    )
    .orderBy(sql`lower(${deviceGroups.name})`, asc(deviceGroups.id));
  if (groups.length === 0) return [];
  const members = await membersByGroup(
    db,
    scope,
    groups.map((g) => g.id),
  );
  const all = seesAllDevices(scope);
  const granted = new Set(scope.group_ids);
  return groups
    .map((g) => {
      const device_ids = members.get(g.id) ?? [];
      return { ...g, device_ids, devices_count: device_ids.length };
    })
    .filter((g) => all || granted.has(g.id) || g.devices_count > 0);
}

/** One group as the caller may see it, or undefined (not in the account, or not visible). */
export async function findGroup(db: Db, scope: DeviceScope, groupId: number) {
  const [group] = await listGroups(db, scope, { groupId });
  return group;
}

/**
 * The visible members of each group, with model, subscription and current position, by
 * name: one query for any number of groups.
 */
export async function groupDevices(
  db: Db,
  scope: DeviceScope,
  groupIds: readonly number[],
): Promise<Map<number, GroupDevice[]>> {
  const byGroup = new Map<number, GroupDevice[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select({
      device: devices,
      model: { title: models.title, expected_report_minutes: models.expected_report_minutes },
      subscription: subscriptions,
      position: currentPositions,
    })
    .from(devices)
    .innerJoin(models, eq(models.id, devices.model_id))
    .leftJoin(subscriptions, eq(subscriptions.id, devices.subscription_id))
    .leftJoin(currentPositions, eq(currentPositions.device_id, devices.id))
    .where(and(visibleDevices(scope), sql`${devices.group_ids} && ${idArray(groupIds)}`))
    .orderBy(asc(devices.name), asc(devices.id));
  for (const { device: d, model, subscription: s, position } of rows) {
    const item = presentDeviceItem(d, model, s, position);
    for (const groupId of d.group_ids) byGroup.get(groupId)?.push(item);
  }
  return byGroup;
}

async function touch(tx: Executor, groupId: number) {
  await tx
    .update(deviceGroups)
    .set({ updated_at: sql`now()` })
    .where(eq(deviceGroups.id, groupId));
}

/** Adds the trackers to the group; those already in it stay as they are. */
export async function addMembers(
  tx: Executor,
  accountId: number,
  groupId: number,
  ids: readonly number[],
) {
  if (ids.length === 0) return;
  await tx
    .update(devices)
    .set({ group_ids: sql`array_append(${devices.group_ids}, ${groupId})` })
    .where(
      and(
        eq(devices.account_id, accountId),
        sql`${devices.id} = ANY(${idArray(ids)})`,
        sql`NOT ${hasGroup(groupId)}`,
      ),
    );
  await touch(tx, groupId);
}

/** Takes the trackers out of the group; with no ids, takes every member out. */
export async function removeMembers(
  tx: Executor,
  accountId: number,
  groupId: number,
  ids?: readonly number[],
) {
  const only: SQL | undefined = ids ? sql`${devices.id} = ANY(${idArray(ids)})` : undefined;
  await tx
    .update(devices)
    .set({ group_ids: sql`array_remove(${devices.group_ids}, ${groupId})` })
    .where(and(eq(devices.account_id, accountId), hasGroup(groupId), only));
  await touch(tx, groupId);
}

/** Makes `ids` the whole membership of the group (an empty list empties it). */
export async function swapMembers(
  db: Db,
  accountId: number,
  groupId: number,
  ids: readonly number[],
) {
  await db.transaction(async (tx) => {
    await removeMembers(tx, accountId, groupId);
    await addMembers(tx, accountId, groupId, ids);
  });
}

export async function insertGroup(
  db: Db,
  accountId: number,
  name: string,
  ids: readonly number[] = [],
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deviceGroups)
      .values({ account_id: accountId, name })
      .returning({ id: deviceGroups.id });
    if (!row) throw new Error('group was not created');
    await addMembers(tx, accountId, row.id, ids);
    return row.id;
  });
}

export async function renameGroup(
  db: Db,
  groupId: number,
  name: string,
  members?: { accountId: number; ids: readonly number[] },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(deviceGroups)
      .set({ name, updated_at: sql`now()` })
      .where(eq(deviceGroups.id, groupId));
    if (members) {
      await removeMembers(tx, members.accountId, groupId);
      await addMembers(tx, members.accountId, groupId, members.ids);
    }
  });
}

/**
 * Deletes the group and every reference to it: the trackers' group_ids and the group_ids
 * through which members with limited access were given its trackers.
 */
export async function deleteGroup(db: Db, accountId: number, groupId: number) {
  await db.transaction(async (tx) => {
    await removeMembers(tx, accountId, groupId);
    await tx
      .update(accountMemberships)
      .set({ group_ids: sql`array_remove(${accountMemberships.group_ids}, ${groupId})` })
      .where(
        and(
          eq(accountMemberships.account_id, accountId),
          sql`${groupId} = ANY(${accountMemberships.group_ids})`,
        ),
      );
    await tx.delete(deviceGroups).where(eq(deviceGroups.id, groupId));
  });
}
