import type { Group, GroupCreate, GroupDevice, GroupUpdate } from '@waymark/domain';
import { found, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import {
  authorizeGroups,
  checkedDeviceIds,
  groupOf,
  visibleGroupNames,
  visibleGroups,
} from './groups.access';
import { presentGroupDevices } from './groups.present';
import {
  addMembers,
  deleteGroup,
  groupDeviceRows,
  insertGroup,
  removeMembers,
  renameGroup,
  swapMembers,
} from './groups.queries';

/** The group as the actor now sees it, after a write. */
async function groupAfterWrite(ctx: AppContext, actor: Actor, groupId: number) {
  const [group] = await visibleGroups(ctx.database.db, actor, { groupId });
  return found(group);
}

/** The trackers of each group that the actor sees, by name. */
async function devicesOfGroups(db: Db, actor: Actor, groupIds: readonly number[]) {
  if (groupIds.length === 0) return presentGroupDevices(groupIds, []);
  return presentGroupDevices(groupIds, await groupDeviceRows(db, actor.devices, groupIds));
}

/** Groups of the account by name, each with its devices unless they are left out. */
export async function groupsOf(
  ctx: AppContext,
  actor: Actor,
  options: { search?: string | undefined; withDevices: boolean },
): Promise<(Group & { devices?: GroupDevice[] })[]> {
  authorizeGroups(actor, 'read');
  const { db } = ctx.database;
  const groups = await visibleGroups(db, actor, { search: options.search });
  if (!options.withDevices) return groups;
  const members = await devicesOfGroups(
    db,
    actor,
    groups.map((g) => g.id),
  );
  return groups.map((g) => ({ ...g, devices: members.get(g.id) ?? [] }));
}

/** Ids and names of the groups the actor sees, as a question names them (Scout). */
export async function groupNamesOf(ctx: AppContext, actor: Actor) {
  authorizeGroups(actor, 'read');
  return visibleGroupNames(ctx.database.db, actor);
}

/** One group with its devices, each with its subscription and current position. */
export async function groupDetails(ctx: AppContext, actor: Actor, groupId: number) {
  const { db } = ctx.database;
  const group = await groupOf(db, actor, groupId, 'read');
  const members = await devicesOfGroups(db, actor, [groupId]);
  return { ...group, devices: members.get(groupId) ?? [] };
}

/** Creates a group, optionally with its first trackers. */
export async function createGroup(ctx: AppContext, actor: Actor, body: GroupCreate) {
  authorizeGroups(actor, 'write');
  const { db } = ctx.database;
  const ids = await checkedDeviceIds(db, actor, body.device_ids ?? []);
  const groupId = await insertGroup(db, actor.accountId, body.name, ids);
  groupChanged(ctx, actor.accountId, groupId);
  return groupAfterWrite(ctx, actor, groupId);
}

/** Renames a group; device_ids, when given, replaces its trackers. */
export async function updateGroup(
  ctx: AppContext,
  actor: Actor,
  groupId: number,
  { name, device_ids }: GroupUpdate,
) {
  const { db } = ctx.database;
  await groupOf(db, actor, groupId, 'write');
  const members = device_ids
    ? { accountId: actor.accountId, ids: await checkedDeviceIds(db, actor, device_ids) }
    : undefined;
  await renameGroup(db, groupId, name, members);
  groupChanged(ctx, actor.accountId, groupId);
  return groupAfterWrite(ctx, actor, groupId);
}

/** Deletes a group; its trackers stay, outside it. */
export async function removeGroup(ctx: AppContext, actor: Actor, groupId: number) {
  const { db } = ctx.database;
  await groupOf(db, actor, groupId, 'write');
  await deleteGroup(db, actor.accountId, groupId);
  groupChanged(ctx, actor.accountId, groupId);
}

/** Adds trackers to the group (those already in it stay), or makes them its only members. */
export async function changeGroupDevices(
  ctx: AppContext,
  actor: Actor,
  groupId: number,
  change: 'add' | 'swap',
  deviceIds: readonly number[],
) {
  const { db } = ctx.database;
  await groupOf(db, actor, groupId, 'write');
  const ids = await checkedDeviceIds(db, actor, deviceIds);
  await (change === 'add' ? addMembers : swapMembers)(db, actor.accountId, groupId, ids);
  groupChanged(ctx, actor.accountId, groupId);
  return groupAfterWrite(ctx, actor, groupId);
}

/** Takes trackers out of the group; with no ids, every member. */
export async function removeGroupDevices(
  ctx: AppContext,
  actor: Actor,
  groupId: number,
  deviceIds: readonly number[] | undefined,
) {
  const { db } = ctx.database;
  await groupOf(db, actor, groupId, 'write');
  const ids = deviceIds ? await checkedDeviceIds(db, actor, deviceIds) : undefined;
  await removeMembers(db, actor.accountId, groupId, ids);
  groupChanged(ctx, actor.accountId, groupId);
  return groupAfterWrite(ctx, actor, groupId);
}

/** Tells the bus a group or its trackers changed (who sees which tracker may have too). */
export function groupChanged(ctx: Pick<AppContext, 'bus'>, accountId: number, groupId: number) {
  ctx.bus.publish('group.changed', { account_id: accountId, group_id: groupId });
}
