import { effectiveAccess, type AccountUserUpdate } from '@waymark/domain';
import type { Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import {
  authorizeRole,
  authorizeUsers,
  otherMemberOf,
  requireAccountTargets,
} from './account-users.access';
import { presentAccountUser } from './accounts.present';
import {
  accountUser,
  accountUsers,
  deleteMembership,
  updateMembership,
} from './account-users.queries';
import { found } from '../../access/actor';

/** A page of the account's users, searched by name or e-mail (manage Users). */
export async function accountUsersPage(
  ctx: AppContext,
  actor: Actor,
  options: { search?: string; limit: number; offset: number; withCounts: boolean },
) {
  authorizeUsers(actor);
  const { rows, total } = await accountUsers(ctx.database.db, actor.accountId, options);
  return { rows: rows.map(presentAccountUser), total };
}

/** One user of the account with their access and the trackers they see. */
export async function accountUserDetails(ctx: AppContext, actor: Actor, userId: number) {
  authorizeUsers(actor);
  return presentAccountUser(found(await accountUser(ctx.database.db, actor.accountId, userId)));
}

/** The permission editor's save: role and tracker access, enforced from the next request on. */
export async function updateAccountUser(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  body: AccountUserUpdate & { device_ids: number[]; group_ids: number[] },
) {
  authorizeUsers(actor);
  const { db } = ctx.database;
  const member = await otherMemberOf(db, actor, userId);
  authorizeRole(actor, member.role, body.role);
  const access = effectiveAccess(body);
  await requireAccountTargets(db, actor.accountId, access);
  await updateMembership(db, actor.accountId, userId, access);
  ctx.bus.publish('membership.changed', { account_id: actor.accountId, user_id: userId });
  return accountUserDetails(ctx, actor, userId);
}

/** Removes the user from the account (their login and other accounts stay). */
export async function removeAccountUser(ctx: AppContext, actor: Actor, userId: number) {
  authorizeUsers(actor);
  const { db } = ctx.database;
  const member = await otherMemberOf(db, actor, userId);
  authorizeRole(actor, member.role);
  await deleteMembership(db, actor.accountId, userId);
  ctx.bus.publish('membership.changed', { account_id: actor.accountId, user_id: userId });
}
