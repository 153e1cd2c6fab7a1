import type { AdminSwapSim, SimReplace, SimReplacementDevice, SpareSim } from '@waymark/domain';
import {
  authorize,
  authorizePlatformAdmin,
  requireVisibleDevice,
  type Actor,
} from '../../access/actor';
import type { Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import { eligibleDeviceRows, spareSimRows } from './sim-replacement.queries';
import { swapSim } from './sim-swap';

/** Replacing a SIM is managing the tracker: everyone but a Viewer (spec 002 §6), else 403. */
function authorizeSims(actor: Actor) {
  authorize(actor, 'manage', 'Devices');
}

/** Trackers the actor sees whose SIM card is due for replacement (the banner and step 0). */
export async function eligibleDevices(
  ctx: AppContext,
  actor: Actor,
): Promise<SimReplacementDevice[]> {
  authorizeSims(actor);
  return eligibleDeviceRows(ctx.database.db, actor.devices);
}

/** The account's spare SIM cards, which the wizard offers by ICCID. */
export async function spareSims(ctx: AppContext, actor: Actor): Promise<SpareSim[]> {
  authorizeSims(actor);
  return spareSimRows(ctx.database.db, actor.accountId);
}

/** The wizard's swap: a tracker the actor sees (404 otherwise) takes a spare card. */
export async function replaceSim(ctx: AppContext, actor: Actor, body: SimReplace) {
  authorizeSims(actor);
  await requireVisibleDevice(ctx.database.db, actor, body.device_id);
  return swapSim(ctx, {
    device: { id: body.device_id },
    iccid: body.iccid,
    userId: actor.user.id,
    policy: 'account',
  });
}

/** The platform admin's Swap SIM utility: the same swap, for any tracker by serial. */
export async function adminSwapSim(ctx: AppContext, principal: Principal, body: AdminSwapSim) {
  authorizePlatformAdmin(principal);
  const result = await swapSim(ctx, {
    device: { serial: body.serial },
    iccid: body.iccid,
    phone: body.phone,
    userId: principal.user.id,
    policy: 'admin',
  });
  const message =
    result.granted_minutes > 0
      ? `SIM swapped: ${result.serial} now uses ICCID ${result.iccid}${result.phone ? ` (${result.phone})` : ''}`
      : `${result.serial} already uses ICCID ${result.iccid}`;
  return { message };
}
