import {
  SIM_MESSAGES,
  SIM_REPLACEMENT_DEVICE_TYPES,
  SIM_SWAP_FREE_AUDIO_MINUTES,
  type SimReplaceResult,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { invalidField, notFound } from '../../errors/domain-error';
import { deviceChanged } from '../devices/devices.service';
import {
  installCard,
  lockedCard,
  lockedDevice,
  lockedInstalledCard,
  recordSwap,
  retireCard,
  updateDeviceSim,
} from './sim-replacement.queries';

/**
 * Who asks decides what may be swapped in:
 * - `account`: the wizard of an account member. The tracker must be of a supported model and
 *   its installed card flagged for replacement; the new card must be a spare of its account.
 * - `admin`: the platform admin's utility. Any tracker; the card may be a spare of the
 *   tracker's account or one the platform does not know yet (it is recorded), and `phone`,
 *   when given, is the card's number.
 */
export type SwapPolicy = 'account' | 'admin';

export interface SwapRequest {
  device: { id: number } | { serial: string };
  iccid: string;
  phone?: string | undefined;
  userId: number | null;
  policy: SwapPolicy;
}

/**
 * The one way a tracker's SIM card is swapped (the wizard and the admin utility both come
 * here). In one transaction, with the tracker's row locked: the old card is retired, the new
 * one installed, the tracker takes its ICCID and phone and 2 free audio hours, and the SIM
 * history closes the old entry and opens the new one. The tracker keeps its id, so its
 * positions and events stay its own. Asking again for a card already in the tracker changes
 * nothing and grants nothing (a double submit). Unknown trackers are 404.
 */
export async function swapSim(ctx: AppContext, request: SwapRequest): Promise<SimReplaceResult> {
  const { db } = ctx.database;
  const { iccid, policy } = request;
  const result = await db.transaction(async (tx) => {
    const device = await lockedDevice(tx, request.device);
    // The admin names a serial in a form: a typo is the field's error, not a missing page.
    if (!device && policy === 'admin') throw invalidField('serial', SIM_MESSAGES.unknownSerial);
    if (!device) throw notFound();
    const card = await lockedCard(tx, iccid);
    if (card?.state === 'installed' && card.device_id === device.id) {
      return { device, phone: device.phone, granted: 0, minutes: device.live_audio_minutes };
    }
    if (policy === 'account') {
      if (!(SIM_REPLACEMENT_DEVICE_TYPES as readonly string[]).includes(device.device_type)) {
        throw invalidField('device_id', SIM_MESSAGES.unsupported(device.device_type));
      }
    }
    const old = await lockedInstalledCard(tx, device.id);
    if (policy === 'account' && !old?.replacement_reason) {
      throw invalidField('device_id', SIM_MESSAGES.notEligible);
    }
    if (card && (card.state !== 'spare' || card.account_id !== device.account_id)) {
      const message =
        policy === 'account' || card.account_id !== device.account_id
          ? SIM_MESSAGES.iccidNotSpare
          : SIM_MESSAGES.iccidInUse;
      throw invalidField('iccid', message);
    }
    if (!card && policy === 'account') throw invalidField('iccid', SIM_MESSAGES.iccidNotSpare);

    const now = new Date();
    const phone = request.phone ?? card?.phone ?? null;
    if (old) await retireCard(tx, old.id, now);
    await installCard(
      tx,
      { id: card?.id, iccid, phone, accountId: device.account_id, deviceId: device.id },
      now,
    );
    await recordSwap(tx, device, { iccid, phone, userId: request.userId }, now);
    const updated = await updateDeviceSim(
      tx,
      device.id,
      { iccid, phone },
      SIM_SWAP_FREE_AUDIO_MINUTES,
    );
    return {
      device,
      phone,
      granted: SIM_SWAP_FREE_AUDIO_MINUTES,
      minutes: updated.live_audio_minutes,
    };
  });

  const { device } = result;
  if (result.granted > 0) {
    // Caches of the tracker (device directory, rules, lists) reload it.
    deviceChanged(ctx, device);
  }
  return {
    device_id: device.id,
    serial: device.serial,
    iccid,
    phone: result.phone,
    live_audio_minutes: result.minutes,
    granted_minutes: result.granted,
  };
}
