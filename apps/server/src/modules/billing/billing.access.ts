import type { FastifyRequest } from 'fastify';
import { authorize, found, actorFor, type Actor } from '../../access/actor';
import { requireAuth } from '../../http/auth';

/**
 * The whole billing area (subscriptions, orders, payments, addresses, cards) needs manage
 * Account (spec 002 §6: the /manage area; Admins hold it). Others get 403.
 */
export function authorizeBilling(actor: Actor) {
  authorize(actor, 'manage', 'Account');
}

/** The caller acting in the account, allowed to manage its billing (401, 404, 403). */
export async function billingActor(request: FastifyRequest, accountId: number) {
  const actor = await actorFor(request, accountId);
  authorizeBilling(actor);
  return actor;
}

/**
 * For paths naming only a billing object (/orders/{id}, /subscriptions/{id}, ...): the caller
 * acting in the object's account. An unknown id and another account's id are the same 404.
 */
export async function billingActorFor(
  request: FastifyRequest,
  accountOf: () => Promise<number | undefined>,
) {
  requireAuth(request);
  return billingActor(request, found(await accountOf()));
}
