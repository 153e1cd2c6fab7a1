import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { accountAccess, authorize } from '../../http/account-access';
import { notFound } from '../../http/errors';
import { findAnchor, type AnchorRow } from './anchors.queries';

/**
 * Anchors of an account the caller belongs to. Reading needs view Anchors, changing needs
 * manage Anchors; both exist only in accounts with the ble_tags setting (spec 000 §6).
 */
export async function anchorsAccess(
  db: Db,
  request: FastifyRequest,
  accountId: number,
  action: 'view' | 'manage',
) {
  const access = await accountAccess(db, request, accountId);
  authorize(access.ability, action, 'Anchors');
  return access;
}

/** One anchor of the account, after the same checks; another account's id is 404. */
export async function anchorAccess(
  db: Db,
  request: FastifyRequest,
  accountId: number,
  anchorId: number,
  action: 'view' | 'manage',
): Promise<{ anchor: AnchorRow }> {
  await anchorsAccess(db, request, accountId, action);
  const anchor = await findAnchor(db, accountId, anchorId);
  if (!anchor) throw notFound();
  return { anchor };
}
