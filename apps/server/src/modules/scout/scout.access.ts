import type { FastifyRequest } from 'fastify';
import { actorFor, authorize, findActor, found, type Actor } from '../../access/actor';
import type { Principal } from '../../access/principal';
import { membershipsOf } from '../../access/membership.queries';
import type { Db } from '../../db/client';
import { requireAuth } from '../../http/auth';
import { forbidden } from '../../errors/domain-error';
import { findDialog, type DialogRow } from './scout.queries';

/** Everything of Scout needs 'use Ai' in the account (spec 001 §6); 403 without. */
export function authorizeAi(actor: Actor) {
  authorize(actor, 'use', 'Ai');
}

/** The model a message asked for: honoured only for those who may manage AiModel. */
export function modelFor(actor: Actor, asked: string | null | undefined): string | null {
  return asked && actor.ability.can('manage', 'AiModel') ? asked : null;
}

/**
 * The dialog, when it is the actor's own in the actor's account; anything else (another user's,
 * another account's, none) is 404 alike.
 */
export async function dialogOf(db: Db, actor: Actor, dialogId: number): Promise<DialogRow> {
  authorizeAi(actor);
  const row = await findDialog(db, dialogId);
  return found(
    row && row.user_id === actor.user.id && row.account_id === actor.accountId ? row : null,
  );
}

/** For paths naming only a dialog (/v2/dialogs/{id}/...): its owner acting in its account. */
export async function actorForDialog(request: FastifyRequest, dialogId: number): Promise<Actor> {
  const { user } = requireAuth(request);
  const row = await findDialog(request.server.ctx.database.db, dialogId);
  found(row && row.user_id === user.id ? row : null);
  return actorFor(request, row!.account_id);
}

/**
 * Whether the principal may use Scout in some account of theirs (files are the user's own,
 * uploaded before the message names its account).
 */
export async function authorizeAiSomewhere(db: Db, principal: Principal) {
  for (const membership of await membershipsOf(db, principal.user.id)) {
    const actor = await findActor(db, principal, membership.id);
    if (actor?.ability.can('use', 'Ai')) return;
  }
  throw forbidden();
}

/** The dialog channel's owner check for the realtime hub: undefined unless theirs and allowed. */
export async function dialogForSubscriber(
  db: Db,
  principal: Principal,
  dialogId: number,
): Promise<DialogRow | undefined> {
  const row = await findDialog(db, dialogId);
  if (!row || row.user_id !== principal.user.id) return undefined;
  const actor = await findActor(db, principal, row.account_id);
  return actor?.ability.can('use', 'Ai') ? row : undefined;
}
