import {
  type DeviceMessagesResult,
  type SetFlagsRequest,
  type UtilityResult,
} from '@waymark/domain';
import { authorizePlatformAdmin } from '../../access/actor';
import type { Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { invalidField } from '../../errors/domain-error';
import { deviceChanged } from '../devices/devices.service';
import { requireAccount, requireModel } from './inventory.service';
import {
  clearTrackingData,
  deviceBySerial,
  insertSubscription,
  installedSimPhone,
  inventoryBySerial,
  lastMessages,
  subscriptionById,
  updateDevice,
  updateInventory,
  updateSubscription,
  writeAccountFlags,
} from './utilities.queries';

type Status =
  | 'active'
  | 'pending'
  | 'pending-renewal'
  | 'pending-cancellation'
  | 'cancelled'
  | 'blocked'
  | 'archived';

/** The tracker with the serial, or 422 naming serial. */
export async function requireTracker(db: Db, serial: string) {
  const device = await deviceBySerial(db, serial);
  if (!device) throw invalidField('serial', `No tracker has serial ${serial}`);
  return device;
}

/** Setup: a tracker's name, model, note and voice. */
export async function setupDevice(
  ctx: AppContext,
  principal: Principal,
  input: {
    serial: string;
    name?: string | undefined;
    model_id?: number | undefined;
    note?: string | undefined;
    has_voice?: boolean | undefined;
  },
): Promise<UtilityResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const device = await requireTracker(db, input.serial);
  const model = input.model_id ? await requireModel(db, input.model_id) : undefined;
  const updated = await updateDevice(db, device.id, {
    ...(input.name ? { name: input.name } : {}),
    ...(model ? { model_id: model.id } : {}),
    ...(input.note !== undefined ? { note: input.note } : {}),
    ...(input.has_voice !== undefined ? { has_voice: input.has_voice } : {}),
  });
  deviceChanged(ctx, device);
  return { message: `Set up ${input.serial}: ${updated.name}${model ? `, ${model.title}` : ''}` };
}

/** Deactivate: the tracker's subscription is blocked. */
export async function deactivateDevice(
  ctx: AppContext,
  principal: Principal,
  input: { serial: string },
): Promise<UtilityResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const device = await requireTracker(db, input.serial);
  await setStatus(db, device, 'blocked');
  deviceChanged(ctx, device);
  return { message: `Deactivated ${input.serial}: its subscription is blocked` };
}

async function setStatus(
  db: Db,
  device: { id: number; account_id: number; subscription_id: number | null },
  status: Status,
  months?: number,
) {
  const changes = {
    status,
    ...(months ? { months, renewal_months: months } : {}),
    cancel_at: status === 'cancelled' ? new Date() : null,
  };
  if (device.subscription_id) {
    await updateSubscription(db, device.subscription_id, changes);
    return false;
  }
  const created = await insertSubscription(db, {
    account_id: device.account_id,
    start_at: new Date(),
    ...changes,
  });
  await updateDevice(db, device.id, { subscription_id: created.id });
  return true;
}

/** Set Subscription: the tracker's subscription status (and months); one is created if none. */
export async function setSubscription(
  ctx: AppContext,
  principal: Principal,
  input: { serial: string; status: Status; months?: number | undefined },
): Promise<UtilityResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const device = await requireTracker(db, input.serial);
  const created = await setStatus(db, device, input.status, input.months);
  deviceChanged(ctx, device);
  return {
    message: `${created ? 'Created a subscription for' : 'Set the subscription of'} ${input.serial} to ${input.status}${input.months ? `, ${input.months} month(s)` : ''}`,
  };
}

/** Unassign Subscription: the tracker keeps its account but no longer has a subscription. */
export async function unassignSubscription(
  ctx: AppContext,
  principal: Principal,
  input: { serial: string },
): Promise<UtilityResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const device = await requireTracker(db, input.serial);
  if (!device.subscription_id) {
    throw invalidField('serial', `Tracker ${input.serial} has no subscription`);
  }
  const subscription = await subscriptionById(db, device.subscription_id);
  await updateDevice(db, device.id, { subscription_id: null });
  deviceChanged(ctx, device);
  return {
    message: `Detached subscription #${device.subscription_id} (${subscription?.status ?? 'unknown'}) from ${input.serial}`,
  };
}

/** Change Device Type: the model of a tracker, or of a serial in inventory. */
export async function changeDeviceType(
  ctx: AppContext,
  principal: Principal,
  input: { serial: string; model_id: number },
): Promise<UtilityResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const model = await requireModel(db, input.model_id);
  const device = await deviceBySerial(db, input.serial);
  if (device) {
    await updateDevice(db, device.id, { model_id: model.id });
    deviceChanged(ctx, device);
  } else if (await inventoryBySerial(db, input.serial)) {
    await updateInventory(db, [input.serial], { model_id: model.id });
  } else {
    throw invalidField('serial', `No tracker or inventory serial is ${input.serial}`);
  }
  return { message: `${input.serial} is now a ${model.title} (${model.device_type})` };
}

/** Add/Remove Minutes: live audio minutes plus n, never below 0. */
export async function addMinutes(
  ctx: AppContext,
  principal: Principal,
  input: { serial: string; minutes: number },
): Promise<UtilityResult & { live_audio_minutes: number }> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const device = await requireTracker(db, input.serial);
  const minutes = Math.max(0, device.live_audio_minutes + input.minutes);
  await updateDevice(db, device.id, { live_audio_minutes: minutes });
  deviceChanged(ctx, device);
  const verb = input.minutes > 0 ? `Added ${input.minutes}` : `Removed ${-input.minutes}`;
  return {
    message: `${verb} minute(s) ${input.minutes > 0 ? 'to' : 'from'} ${input.serial}: ${minutes} live audio minute(s) now`,
    live_audio_minutes: minutes,
  };
}

/**
 * Refresh Phone Number: the tracker's phone from the number given, else from the SIM card
 * installed in it (sim_cards).
 */
export async function refreshPhone(
  ctx: AppContext,
  principal: Principal,
  input: { serial: string; phone?: string | undefined },
): Promise<UtilityResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const device = await requireTracker(db, input.serial);
  const phone = (input.phone ?? (await installedSimPhone(db, device.id)) ?? '').replace(
    /[\s()-]/g,
    '',
  );
  if (!phone) {
    throw invalidField(
      'phone',
      `Enter the phone number of ${input.serial}: its SIM card has none on record`,
    );
  }
  await updateDevice(db, device.id, { phone });
  deviceChanged(ctx, device);
  return {
    message: `Phone number of ${input.serial} is ${phone}${device.phone && device.phone !== phone ? ` (was ${device.phone})` : ''}`,
  };
}

/** Clear Device: removes all tracking data of the tracker; the tracker and subscription stay. */
export async function clearDevice(
  ctx: AppContext,
  principal: Principal,
  input: { serial: string },
): Promise<UtilityResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const device = await requireTracker(db, input.serial);
  const positions = await db.transaction((tx) => clearTrackingData(tx, device.id));
  // The pipeline's remembered state of the tracker (motion, geofences) starts afresh.
  deviceChanged(ctx, device);
  return {
    message: `Cleared ${input.serial}: ${positions} position(s) and all events, trips, stops, dwell and the current position removed`,
  };
}

/** Get Device Messages: the newest positions, events and command answers, at most 100. */
export async function deviceMessages(
  ctx: AppContext,
  principal: Principal,
  input: { serial: string; limit: number },
): Promise<DeviceMessagesResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const device = await requireTracker(db, input.serial);
  const { positions, events, answers } = await lastMessages(db, device.id, input.limit);
  const iso = (d: Date | string) => new Date(d).toISOString();
  const messages = [
    ...positions.map((p) => ({
      kind: 'position' as const,
      at: iso(p.fix_time),
      text: `${p.fix} ${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}${p.speed !== null ? ` ${(p.speed * 3.6).toFixed(0)} km/h` : ''}`,
    })),
    ...events.map((e) => ({
      kind: 'event' as const,
      at: iso(e.created_at),
      text: `${e.event_type}: ${e.description}`,
    })),
    ...answers.map((a) => ({
      kind: 'command' as const,
      at: iso(a.answered_at ?? a.created_at),
      text: `${a.message_to_device ?? ''} -> ${a.message_from_device ?? ''}`,
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, input.limit);
  return { message: `${messages.length} message(s) from ${input.serial}, newest first`, messages };
}

/** Set Flags: the account's flags and on/off settings. */
export async function setFlags(
  ctx: AppContext,
  principal: Principal,
  input: SetFlagsRequest,
): Promise<UtilityResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const account = await requireAccount(db, input.account_id);
  const settings = input.settings as Record<string, boolean>;
  if (Object.keys(input.flags).length + Object.keys(settings).length === 0) {
    throw invalidField('flags', 'Choose at least one flag or setting to change');
  }
  await writeAccountFlags(db, account.id, input.flags, settings);
  const said = [...Object.entries(input.flags), ...Object.entries(settings)]
    .map(([code, on]) => `${code} ${on ? 'on' : 'off'}`)
    .join(', ');
  return { message: `Set flags of ${account.title}: ${said}` };
}
