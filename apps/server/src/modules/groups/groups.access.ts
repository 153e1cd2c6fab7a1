import { GROUP_MESSAGES, type Group } from '@waymark/domain';
import { authorize, found, type Actor } from '../../access/actor';
import { seesAllDevices, visibleAmong } from '../../access/device-visibility';
import type { Db } from '../../db/client';
import { forbidden, invalidField } from '../../errors/domain-error';
import { presentGroup } from './groups.present';
import { groupRows, membersByGroup } from './groups.queries';

/**
 * Groups exist in business accounts only (spec 002 §2.2; else 403). Writes also need manage
 * Groups, which only Admins hold (spec 000 §6); without it 403 'Access denied'.
 */
export function authorizeGroups(actor: Actor, intent: 'read' | 'write') {
  if (!actor.membership.is_b2b_account) throw forbidden(GROUP_MESSAGES.businessOnly);
  if (intent === 'write') authorize(actor, 'manage', 'Groups', GROUP_MESSAGES.accessDenied);
}

/**
 * Groups of the account the actor sees, by name, each with the members the actor sees. A
 * member with limited device access sees the groups granted to them and those holding a
 * tracker they may see.
 */
export async function visibleGroups(
  db: Db,
  actor: Actor,
  filter: { search?: string | undefined; groupId?: number } = {},
): Promise<Group[]> {
  const rows = await groupRows(db, actor.accountId, filter);
  if (rows.length === 0) return [];
  const members = await membersByGroup(
    db,
    actor.devices,
    rows.map((g) => g.id),
  );
  const all = seesAllDevices(actor.devices);
  const granted = new Set(actor.devices.group_ids);
  return rows
    .map((row) => presentGroup(row, members.get(row.id) ?? []))
    .filter((g) => all || granted.has(g.id) || g.devices_count > 0);
}

/**
 * Ids and names of the groups the actor sees (visibleGroups without the members). Someone who
 * sees every tracker sees every group, so no member is read: Scout asks this for each question,
 * and the members of 10,000 trackers took 70 ms of it on PGlite.
 */
export async function visibleGroupNames(
  db: Db,
  actor: Actor,
): Promise<{ id: number; name: string }[]> {
  if (!seesAllDevices(actor.devices)) return visibleGroups(db, actor);
  return (await groupRows(db, actor.accountId)).map((g) => ({ id: g.id, name: g.name }));
}

/** One group of the account the actor may see; anything else is 404, as if it did not exist. */
export async function groupOf(
  db: Db,
  actor: Actor,
  groupId: number,
  intent: 'read' | 'write',
): Promise<Group> {
  authorizeGroups(actor, intent);
  const [group] = await visibleGroups(db, actor, { groupId });
  return found(group);
}

/**
 * The ids, de-duplicated, once every one is a tracker of the account the actor may see.
 * Otherwise 422 on device_ids: the path's group exists, it is the body that is wrong, and
 * the same answer for a foreign id as for an unknown one reveals nothing about other
 * accounts (a 404 would also send the web app to its not-found page from a form).
 */
export async function checkedDeviceIds(
  db: Db,
  actor: Actor,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const visible = await visibleAmong(db, actor.devices, unique);
  if (visible.length !== unique.length) {
    throw invalidField('device_ids', GROUP_MESSAGES.unknownDevices);
  }
  return unique;
}
