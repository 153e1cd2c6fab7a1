import { authorizePlatformAdmin } from '../../access/actor';
import type { Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import { unassignedDevices } from './admin.queries';

/** Serials no tracker claims, for platform admins only (403 for anyone else). */
export function unassignedDevicesFor(ctx: AppContext, principal: Principal) {
  authorizePlatformAdmin(principal);
  return unassignedDevices(ctx.database.db, 500);
}
