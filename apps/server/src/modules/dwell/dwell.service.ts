import type { DwellDevice, DwellGeofence } from '@waymark/domain';
import { authorize, found, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { dwellDevices, dwellGeofences } from './dwell.queries';

/** The dashboard needs view Dashboard in the account (403 without; 404 outside it). */
const authorizeDwell = (actor: Actor) => authorize(actor, 'view', 'Dashboard');

/** Dwell figures of every geofence of the account, over the trackers the actor sees. */
export function dwellTable(
  ctx: AppContext,
  actor: Actor,
  options: { period: number; search?: string | undefined },
): Promise<DwellGeofence[]> {
  authorizeDwell(actor);
  return dwellGeofences(
    ctx.database.db,
    actor.devices,
    { now: new Date(), period: options.period },
    { search: options.search },
  );
}

/** Dwell figures of one geofence of the account; 404 for another account's. */
export async function dwellGeofenceOf(
  ctx: AppContext,
  actor: Actor,
  geofenceId: number,
  period: number,
): Promise<DwellGeofence> {
  authorizeDwell(actor);
  const [row] = await dwellGeofences(
    ctx.database.db,
    actor.devices,
    { now: new Date(), period },
    { only: geofenceId },
  );
  return found(row);
}

/** The trackers the actor sees inside one geofence of the account now, longest stay first. */
export async function dwellDevicesOf(
  ctx: AppContext,
  actor: Actor,
  geofenceId: number,
): Promise<DwellDevice[]> {
  authorizeDwell(actor);
  return found(await dwellDevices(ctx.database.db, actor.devices, geofenceId, new Date()));
}
