import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import {
  accountMemberships,
  currentPositions,
  deviceGroups,
  devices,
  models,
  subscriptions,
} from '../../db/schema';
import { visibleDevices, type DeviceScope } from '../../access/device-visibility';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

const idArray = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;
const hasGroup = (groupId: number) => sql`${groupId} = ANY(${devices.group_ids})`;

/**
 * The member's visible trackers of each group, as `group id -> device ids` (ascending).
 * One pass over the account's grouped devices instead of one scan per group.
 */
export async function membersByGroup(db: Db, scope: DeviceScope, groupIds?: number[]) {
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

/** Groups of the account by name (any case), optionally one group or a name search. */
export function groupRows(
  db: Db,
  accountId: number,
  filter: { search?: string | undefined; groupId?: number } = {},
) {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  return db
    .select({ id: deviceGroups.id, name: deviceGroups.name, account_id: deviceGroups.account_id })
    .from(deviceGroups)
    .where(
      and(
        eq(deviceGroups.account_id, accountId),
        pattern ? ilike(deviceGroups.name, pattern) : undefined,
        filter.groupId !== undefined ? eq(deviceGroups.id, filter.groupId) : undefined,
      ),
    )
    .orderBy(sql`lower(${deviceGroups.name})`, asc(deviceGroups.id));
}

export type GroupRow = Awaited<ReturnType<typeof groupRows>>[number];

/**
 * The visible trackers in any of the groups, with model, subscription and current position,
 * by name: one query for any number of groups.
 */
export function groupDeviceRows(db: Db, scope: DeviceScope, groupIds: readonly number[]) {
  return db
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
}

export type GroupDeviceRow = Awaited<ReturnType<typeof groupDeviceRows>>[number];

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
