import { authorize, found, type Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { findAnchor, type AnchorRow } from './anchors.queries';

/**
 * Reading anchors needs view Anchors, changing them manage Anchors; both exist only in
 * accounts with the ble_tags setting (spec 000 §6).
 */
export function authorizeAnchors(actor: Actor, action: 'view' | 'manage') {
  authorize(actor, action, 'Anchors');
}

/** One anchor of the actor's account, after the same check; another account's id is 404. */
export async function anchorOf(
  db: Db,
  actor: Actor,
  anchorId: number,
  action: 'view' | 'manage',
): Promise<AnchorRow> {
  authorizeAnchors(actor, action);
  return found(await findAnchor(db, actor.accountId, anchorId));
}
