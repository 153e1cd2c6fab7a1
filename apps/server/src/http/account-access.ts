import type { FastifyRequest } from 'fastify';
import type { AppAbility } from '@waymark/domain';
import { actorFor } from '../access/actor';
import type { Membership } from '../access/membership.queries';
import type { Db } from '../db/client';
import { requireAuth, type Auth } from './auth';

export interface AccountAccess {
  auth: Auth;
  membership: Membership;
  ability: AppAbility;
}

/**
 * The older shape of `actorFor` (access/actor.ts), kept only while modules/exports, which
 * another change owns, still calls it. New code builds an Actor.
 */
export async function accountAccess(
  _db: Db,
  request: FastifyRequest,
  accountId: number,
): Promise<AccountAccess> {
  const { membership, ability } = await actorFor(request, accountId);
  return { auth: requireAuth(request), membership, ability };
}
