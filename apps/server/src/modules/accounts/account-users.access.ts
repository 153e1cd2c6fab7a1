import { USER_ACCESS_MESSAGES, type Role } from '@waymark/domain';
import { authorize, found, type Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { forbidden, invalidField } from '../../errors/domain-error';
import { accountDeviceIds, accountGroupIds, accountUser } from './account-users.queries';

/** Users are managed by admins and managers (spec 002 §6: manage Users). */
export const authorizeUsers = (actor: Actor) => authorize(actor, 'manage', 'Users');

/**
 * Only an admin (manage Account) gives the Admin role or changes an admin: otherwise a manager
 * could make themselves, or a friend, more than they are.
 */
export function authorizeRole(actor: Actor, ...roles: Role[]) {
  if (roles.includes('admin') && !actor.ability.can('manage', 'Account')) {
    throw forbidden(USER_ACCESS_MESSAGES.adminOnly);
  }
}

/** Another user of the actor's account (404 for anyone else), whom the actor may change. */
export async function otherMemberOf(db: Db, actor: Actor, userId: number) {
  const member = found(await accountUser(db, actor.accountId, userId));
  // Changing or removing oneself could lock the account out of its own user management.
  if (member.id === actor.user.id) throw forbidden(USER_ACCESS_MESSAGES.notYourself);
  return member;
}

/** 422 unless every chosen tracker and group belongs to the account. */
export async function requireAccountTargets(
  db: Db,
  accountId: number,
  access: { device_ids: number[]; group_ids: number[] },
) {
  const [deviceIds, groupIds] = await Promise.all([
    accountDeviceIds(db, accountId, access.device_ids),
    accountGroupIds(db, accountId, access.group_ids),
  ]);
  if (deviceIds.length !== access.device_ids.length) {
    throw invalidField('device_ids', USER_ACCESS_MESSAGES.unknownDevices);
  }
  if (groupIds.length !== access.group_ids.length) {
    throw invalidField('group_ids', USER_ACCESS_MESSAGES.unknownGroups);
  }
}
