import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { accountAccess, type AccountAccess } from '../../http/account-access';
import { notFound } from '../../http/errors';
import { visibleAmong } from '../positions/positions.queries';
import { accountOfDevice } from './devices.queries';

/**
 * Scopes a request to one device of an account: the caller must belong to the account and
 * may see the device. Otherwise 404, exactly as for a device that does not exist.
 */
export async function deviceAccess(
  db: Db,
  request: FastifyRequest,
  accountId: number,
  deviceId: number,
): Promise<AccountAccess> {
  const access = await accountAccess(db, request, accountId);
  const [visible] = await visibleAmong(db, access.membership, [deviceId]);
  if (visible === undefined) throw notFound();
  return access;
}

/** For routes addressed by device id alone (/devices/{id}/...): same rule, same 404. */
export async function deviceAccessById(db: Db, request: FastifyRequest, deviceId: number) {
  const accountId = await accountOfDevice(db, deviceId);
  if (accountId === undefined) throw notFound();
  return { accountId, ...(await deviceAccess(db, request, accountId, deviceId)) };
}
