import {
  serialRange,
  type ProvisionRequest,
  type ProvisionResult,
  type UtilityResult,
} from '@waymark/domain';
import { authorizePlatformAdmin } from '../../access/actor';
import type { Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { invalidField } from '../../errors/domain-error';
import { deviceChanged } from '../devices/devices.service';
import {
  accountById,
  clearTrackingData,
  deleteDevice,
  deleteInventory,
  deviceBySerial,
  devicesOnSubscription,
  forgetUnknownSerial,
  insertInventory,
  insertTracker,
  inventoryBySerial,
  inventoryBySerials,
  modelById,
  updateInventory,
  updateSubscription,
  type InventoryRow,
} from './utilities.queries';

/** The account, or 422 naming account_id. */
export async function requireAccount(db: Db, accountId: number) {
  const account = await accountById(db, accountId);
  if (!account) throw invalidField('account_id', `No account has id ${accountId}`);
  return account;
}

/** The model, or 422 naming model_id. */
export async function requireModel(db: Db, modelId: number) {
  const model = await modelById(db, modelId);
  if (!model) throw invalidField('model_id', `No model has id ${modelId}`);
  return model;
}

async function refuseAssigned(db: Db, serial: string) {
  const device = await deviceBySerial(db, serial);
  if (device) {
    const account = await accountById(db, device.account_id);
    throw invalidField(
      'serial',
      `Serial ${serial} is already assigned to ${account?.title ?? 'an account'}`,
    );
  }
}

/** A tracker made from an inventory row, with an active subscription, in the account. */
async function assignRow(db: Db, row: InventoryRow, accountId: number, name?: string) {
  const model = await requireModel(db, row.model_id);
  const device = await insertTracker(db, {
    account_id: accountId,
    model_id: row.model_id,
    serial: row.serial,
    name: name ?? `${model.title} ${row.serial.slice(-4)}`,
    imei: row.imei,
    iccid: row.iccid,
    phone: row.phone,
  });
  await deleteInventory(db, [row.serial]);
  return device;
}

/**
 * Provision: registers hardware into the inventory; with an account, also assigns it (a
 * tracker with an active subscription, on the account's map once it reports). A serial that
 * had reported as unknown leaves the unassigned-serials list.
 */
export async function provisionDevice(
  ctx: AppContext,
  principal: Principal,
  input: ProvisionRequest,
): Promise<ProvisionResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const model = await requireModel(db, input.model_id);
  const account = input.account_id ? await requireAccount(db, input.account_id) : undefined;
  await refuseAssigned(db, input.serial);
  if (await inventoryBySerial(db, input.serial)) {
    throw invalidField(
      'serial',
      `Serial ${input.serial} is already in inventory${account ? '; use Assign' : ''}`,
    );
  }
  const result = await db.transaction(async (tx) => {
    const row: InventoryRow = {
      serial: input.serial,
      model_id: model.id,
      imei: input.imei ?? null,
      iccid: input.iccid ?? null,
      phone: input.phone ?? null,
      state: 'inventory',
      reserved_account_id: null,
      created_at: new Date(),
      updated_at: new Date(),
    };
    await insertInventory(tx, row);
    await forgetUnknownSerial(tx, input.serial);
    if (!account) {
      return {
        message: `Provisioned ${input.serial} (${model.title}) into inventory`,
        device_id: null,
        state: 'inventory' as const,
      };
    }
    const device = await assignRow(tx, row, account.id, input.name);
    return {
      message: `Provisioned ${input.serial} (${model.title}) and assigned it to ${account.title} as ${device.name}`,
      device_id: device.id,
      state: 'assigned' as const,
    };
  });
  // The device listeners take the serial's reports from now on (it was cached as unknown).
  if (result.device_id !== null && account) {
    deviceChanged(ctx, { id: result.device_id, account_id: account.id, serial: input.serial });
  }
  return result;
}

/** Reserve: an inventory serial is set aside for one account (only it may be assigned there). */
export async function reserveSerial(
  ctx: AppContext,
  principal: Principal,
  input: { serial: string; account_id: number },
): Promise<UtilityResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const account = await requireAccount(db, input.account_id);
  await refuseAssigned(db, input.serial);
  if (!(await inventoryBySerial(db, input.serial))) {
    throw invalidField('serial', `Serial ${input.serial} is not in inventory; provision it first`);
  }
  await updateInventory(db, [input.serial], { state: 'reserved', reserved_account_id: account.id });
  return { message: `Reserved ${input.serial} for ${account.title}` };
}

/** Reserve Range: every inventory serial of the range is reserved for the account. */
export async function reserveRange(
  ctx: AppContext,
  principal: Principal,
  input: { first_serial: string; count: number; account_id: number },
): Promise<UtilityResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const account = await requireAccount(db, input.account_id);
  const rows = await inventoryBySerials(db, serialRange(input.first_serial, input.count));
  if (rows.length === 0) {
    throw invalidField('first_serial', 'No serial of this range is in inventory');
  }
  await updateInventory(
    db,
    rows.map((r) => r.serial),
    { state: 'reserved', reserved_account_id: account.id },
  );
  const skipped = input.count - rows.length;
  return {
    message: `Reserved ${rows.length} serial(s) for ${account.title}${skipped ? `; ${skipped} of the range not in inventory` : ''}`,
  };
}

/** Assign: an inventory serial (or one reserved for this account) becomes a tracker of it. */
export async function assignSerial(
  ctx: AppContext,
  principal: Principal,
  input: { serial: string; account_id: number; name?: string | undefined },
): Promise<UtilityResult & { device_id: number }> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const account = await requireAccount(db, input.account_id);
  await refuseAssigned(db, input.serial);
  const row = await inventoryBySerial(db, input.serial);
  if (!row) {
    throw invalidField('serial', `Serial ${input.serial} is not in inventory; provision it first`);
  }
  if (row.state === 'reserved' && row.reserved_account_id !== account.id) {
    const other = row.reserved_account_id
      ? await accountById(db, row.reserved_account_id)
      : undefined;
    throw invalidField(
      'serial',
      `Serial ${input.serial} is reserved for ${other?.title ?? 'another account'}`,
    );
  }
  const device = await db.transaction((tx) => assignRow(tx, row, account.id, input.name));
  deviceChanged(ctx, device);
  return {
    message: `Assigned ${input.serial} to ${account.title} as ${device.name}`,
    device_id: device.id,
  };
}

/** Assign Range: the range's serials in inventory or reserved for the account become trackers. */
export async function assignRange(
  ctx: AppContext,
  principal: Principal,
  input: { first_serial: string; count: number; account_id: number },
): Promise<UtilityResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const account = await requireAccount(db, input.account_id);
  const rows = (await inventoryBySerials(db, serialRange(input.first_serial, input.count))).filter(
    (r) => r.state === 'inventory' || r.reserved_account_id === account.id,
  );
  if (rows.length === 0) {
    throw invalidField(
      'first_serial',
      `No serial of this range is in inventory or reserved for ${account.title}`,
    );
  }
  const devices = await db.transaction(async (tx) => {
    const made = [];
    for (const row of rows) made.push(await assignRow(tx, row, account.id));
    return made;
  });
  for (const device of devices) deviceChanged(ctx, device);
  const skipped = input.count - rows.length;
  return {
    message: `Assigned ${rows.length} serial(s) to ${account.title}${skipped ? `; ${skipped} skipped (not in inventory, or reserved for another account)` : ''}`,
  };
}

/**
 * Unassign Device: the tracker leaves its account and its serial goes back to inventory
 * (model, IMEI, ICCID and phone kept). The tracker is deleted with everything that hangs off
 * it: position history, events, dwell, shipments and reports of it, messages. Its
 * subscription is cancelled when no other tracker is on it.
 */
export async function unassignDevice(
  ctx: AppContext,
  principal: Principal,
  input: { serial: string },
): Promise<UtilityResult> {
  authorizePlatformAdmin(principal);
  const { db } = ctx.database;
  const device = await deviceBySerial(db, input.serial);
  if (!device) throw invalidField('serial', `No tracker has serial ${input.serial}`);
  const account = await accountById(db, device.account_id);
  await db.transaction(async (tx) => {
    await clearTrackingData(tx, device.id);
    await deleteDevice(tx, device.id);
    if (device.subscription_id && (await devicesOnSubscription(tx, device.subscription_id)) === 0) {
      await updateSubscription(tx, device.subscription_id, {
        status: 'cancelled',
        cancel_at: new Date(),
      });
    }
    await insertInventory(tx, {
      serial: device.serial,
      model_id: device.model_id,
      imei: device.imei,
      iccid: device.iccid,
      phone: device.phone,
    });
  });
  deviceChanged(ctx, device);
  return {
    message: `Unassigned ${input.serial} from ${account?.title ?? 'its account'}: back in inventory, its history removed`,
  };
}
