import type { FastifyRequest } from 'fastify';
import type { DwellDevice, DwellGeofence } from '@waymark/domain';
import type { Db } from '../../db/client';
import { accountAccess, authorize, type AccountAccess } from '../../http/account-access';
import { notFound } from '../../http/errors';
import { dwellDevices, dwellGeofences } from './dwell.queries';

/** The account, and the right to view Dashboard in it (403 without, 404 outside it). */
export async function dwellAccess(
  db: Db,
  request: FastifyRequest,
  accountId: number,
): Promise<AccountAccess> {
  const access = await accountAccess(db, request, accountId);
  authorize(access.ability, 'view', 'Dashboard');
  return access;
}

export function dwellTable(
  db: Db,
  { membership }: AccountAccess,
  options: { period: number; search?: string | undefined },
): Promise<DwellGeofence[]> {
  return dwellGeofences(
    db,
    membership,
    { now: new Date(), period: options.period },
    { search: options.search },
  );
}

export async function dwellGeofenceOf(
  db: Db,
  { membership }: AccountAccess,
  geofenceId: number,
  period: number,
): Promise<DwellGeofence> {
  const [row] = await dwellGeofences(
    db,
    membership,
    { now: new Date(), period },
    { only: geofenceId },
  );
  if (!row) throw notFound();
  return row;
}

export async function dwellDevicesOf(
  db: Db,
  { membership }: AccountAccess,
  geofenceId: number,
): Promise<DwellDevice[]> {
  const devices = await dwellDevices(db, membership, geofenceId, new Date());
  if (!devices) throw notFound();
  return devices;
}
