import type { FastifyRequest } from 'fastify';
import { GROUP_MESSAGES, type Group } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { accountAccess, type AccountAccess } from '../../http/account-access';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { findGroup, visibleDeviceIdsAmong } from './groups.queries';

/**
 * Scopes a request to the groups of an account: the caller must belong to it (else 404) and
 * it must be a business account (groups are B2B only, spec 002 §2.2; else 403). Writes also
 * need manage Groups, which only Admins hold (spec 000 §6); without it 403 'Access denied'.
 */
export async function groupsAccess(
  db: Db,
  request: FastifyRequest,
  accountId: number,
  intent: 'read' | 'write',
): Promise<AccountAccess> {
  const access = await accountAccess(db, request, accountId);
  if (!access.membership.is_b2b_account) throw forbidden(GROUP_MESSAGES.businessOnly);
  if (intent === 'write' && !access.ability.can('manage', 'Groups')) {
    throw forbidden(GROUP_MESSAGES.accessDenied);
  }
  return access;
}

/** One group of the account the caller may see; anything else is 404, as if it did not exist. */
export async function groupAccess(
  db: Db,
  request: FastifyRequest,
  accountId: number,
  groupId: number,
  intent: 'read' | 'write',
): Promise<AccountAccess & { group: Group }> {
  const access = await groupsAccess(db, request, accountId, intent);
  const group = await findGroup(db, access.membership, groupId);
  if (!group) throw notFound();
  return { ...access, group };
}

/**
 * The ids, de-duplicated, once every one is a tracker of the account the caller may see.
 * Otherwise 422 on device_ids: the path's group exists, it is the body that is wrong, and
 * the same answer for a foreign id as for an unknown one reveals nothing about other
 * accounts (a 404 would also send the web app to its not-found page from a form).
 */
export async function checkedDeviceIds(
  db: Db,
  access: AccountAccess,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const visible = await visibleDeviceIdsAmong(db, access.membership, unique);
  if (visible.size !== unique.length) {
    throw invalidField('device_ids', GROUP_MESSAGES.unknownDevices);
  }
  return unique;
}

/** Tells the bus a group or its trackers changed (who sees which tracker may have too). */
export function groupChanged(ctx: Pick<AppContext, 'bus'>, accountId: number, groupId: number) {
  ctx.bus.publish('group.changed', { account_id: accountId, group_id: groupId });
}
