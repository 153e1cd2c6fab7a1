import type { FastifyRequest } from 'fastify';
import { defineAbilityFor, type Action, type AppAbility, type Subject } from '@waymark/domain';
import type { Db } from '../db/client';
import {
  membershipOf,
  platformAdminView,
  type Membership,
} from '../modules/accounts/accounts.queries';
import { requireAuth, type Auth } from './auth';
import { forbidden, notFound } from './errors';

export interface AccountAccess {
  auth: Auth;
  membership: Membership;
  ability: AppAbility;
}

/**
 * Scopes a request to an account the caller belongs to. Anyone else gets 404, so the
 * existence of another account's data is never revealed.
 */
export async function accountAccess(
  db: Db,
  request: FastifyRequest,
  accountId: number,
): Promise<AccountAccess> {
  const auth = requireAuth(request);
  const membership =
    (await membershipOf(db, auth.user.id, accountId)) ??
    (auth.user.is_gpx_admin ? await platformAdminView(db, accountId) : undefined);
  if (!membership) throw notFound();
  const ability = defineAbilityFor({
    role: membership.role,
    account: membership,
    isPlatformAdmin: auth.user.is_gpx_admin,
    isImitating: auth.imitator !== null,
  });
  return { auth, membership, ability };
}

/** Throws 403 unless the ability allows the action. */
export function authorize(ability: AppAbility, action: Action, subject: Subject) {
  if (!ability.can(action, subject)) throw forbidden();
}
