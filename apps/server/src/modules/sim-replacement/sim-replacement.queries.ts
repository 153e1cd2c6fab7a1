import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { SIM_REPLACEMENT_DEVICE_TYPES } from '@waymark/domain';
import type { Db } from '../../db/client';
import { devices, models, simCards, simHistory } from '../../db/schema';
import { visibleDevices, type DeviceScope } from '../../access/device-visibility';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Trackers the scope sees whose installed SIM is flagged for replacement, by name. */
export async function eligibleDeviceRows(db: Db, scope: DeviceScope, deviceId?: number) {
  return db
    .select({
      id: devices.id,
      name: devices.name,
      serial: devices.serial,
      iccid: devices.iccid,
      phone: devices.phone,
      model: { id: models.id, title: models.title, device_type: models.device_type },
      replacement_reason: sql<string>`${simCards.replacement_reason}`,
    })
    .from(devices)
    .innerJoin(models, eq(models.id, devices.model_id))
    .innerJoin(simCards, and(eq(simCards.device_id, devices.id), eq(simCards.state, 'installed')))
    .where(
      and(
        visibleDevices(scope),
        inArray(models.device_type, [...SIM_REPLACEMENT_DEVICE_TYPES]),
        isNotNull(simCards.replacement_reason),
        deviceId === undefined ? undefined : eq(devices.id, deviceId),
      ),
    )
    .orderBy(asc(devices.name), asc(devices.id));
}
export type EligibleDeviceRow = Awaited<ReturnType<typeof eligibleDeviceRows>>[number];

/** The account's spare SIM cards, by ICCID. */
export async function spareSimRows(db: Db, accountId: number) {
  return db
    .select({ iccid: simCards.iccid, phone: simCards.phone })
    .from(simCards)
    .where(and(eq(simCards.account_id, accountId), eq(simCards.state, 'spare')))
    .orderBy(asc(simCards.iccid));
}

/**
 * One tracker with its model, by id or by serial (any account: the callers check), its row
 * locked for the rest of the transaction so swaps of one tracker run one after the other.
 */
export async function lockedDevice(tx: Tx, by: { id: number } | { serial: string }) {
  const [row] = await tx
    .select({
      id: devices.id,
      account_id: devices.account_id,
      serial: devices.serial,
      iccid: devices.iccid,
      phone: devices.phone,
      live_audio_minutes: devices.live_audio_minutes,
      created_at: devices.created_at,
      device_type: models.device_type,
    })
    .from(devices)
    .innerJoin(models, eq(models.id, devices.model_id))
    .where('id' in by ? eq(devices.id, by.id) : eq(devices.serial, by.serial))
    .for('update', { of: devices });
  return row;
}
export type SwapDeviceRow = NonNullable<Awaited<ReturnType<typeof lockedDevice>>>;

/** The card with this ICCID, locked for the rest of the transaction (a second swap waits). */
export async function lockedCard(tx: Tx, iccid: string) {
  const [row] = await tx.select().from(simCards).where(eq(simCards.iccid, iccid)).for('update');
  return row;
}

/** The card installed in the tracker, locked. */
export async function lockedInstalledCard(tx: Tx, deviceId: number) {
  const [row] = await tx
    .select()
    .from(simCards)
    .where(and(eq(simCards.device_id, deviceId), eq(simCards.state, 'installed')))
    .for('update');
  return row;
}

/** Retires the card taken out of a tracker. */
export async function retireCard(tx: Tx, cardId: number, at: Date) {
  await tx
    .update(simCards)
    .set({ state: 'retired', replacement_reason: null, updated_at: at })
    .where(eq(simCards.id, cardId));
}

/** Puts the card into the tracker (inserting it when the platform did not know it yet). */
export async function installCard(
  tx: Tx,
  card: {
    id?: number | undefined;
    iccid: string;
    phone: string | null;
    accountId: number;
    deviceId: number;
  },
  at: Date,
) {
  const values = {
    state: 'installed' as const,
    device_id: card.deviceId,
    account_id: card.accountId,
    phone: card.phone,
    replacement_reason: null,
    updated_at: at,
  };
  if (card.id !== undefined) {
    await tx.update(simCards).set(values).where(eq(simCards.id, card.id));
  } else {
    await tx.insert(simCards).values({ ...values, iccid: card.iccid });
  }
}

/**
 * Closes the tracker's open history entry at `at` (writing one for the old ICCID first when
 * the tracker had one the history never recorded), and opens the new card's.
 */
export async function recordSwap(
  tx: Tx,
  device: SwapDeviceRow,
  next: { iccid: string; phone: string | null; userId: number | null },
  at: Date,
) {
  const closed = await tx
    .update(simHistory)
    .set({ installed_to: at })
    .where(and(eq(simHistory.device_id, device.id), isNull(simHistory.installed_to)))
    .returning({ id: simHistory.id });
  if (closed.length === 0 && device.iccid) {
    await tx.insert(simHistory).values({
      device_id: device.id,
      iccid: device.iccid,
      phone: device.phone,
      installed_from: device.created_at,
      installed_to: at,
    });
  }
  await tx.insert(simHistory).values({
    device_id: device.id,
    iccid: next.iccid,
    phone: next.phone,
    installed_from: at,
    swapped_by: next.userId,
  });
}

/** The tracker takes the new card's ICCID and phone, and the free audio minutes. */
export async function updateDeviceSim(
  tx: Tx,
  deviceId: number,
  sim: { iccid: string; phone: string | null },
  grantMinutes: number,
) {
  const [row] = await tx
    .update(devices)
    .set({
      iccid: sim.iccid,
      phone: sim.phone,
      live_audio_minutes: sql`${devices.live_audio_minutes} + ${grantMinutes}`,
    })
    .where(eq(devices.id, deviceId))
    .returning({ live_audio_minutes: devices.live_audio_minutes, phone: devices.phone });
  return row!;
}

/** The tracker's SIM history, oldest first. */
export async function simHistoryRows(db: Db, deviceId: number) {
  return db
    .select()
    .from(simHistory)
    .where(eq(simHistory.device_id, deviceId))
    .orderBy(asc(simHistory.installed_from), asc(simHistory.id));
}
