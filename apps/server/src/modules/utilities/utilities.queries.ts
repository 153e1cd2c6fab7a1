import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import {
  accounts,
  accountSettings,
  currentPositions,
  dailySummaries,
  deviceEvents,
  deviceInventory,
  deviceMessages,
  devices,
  deviceStops,
  geofenceVisits,
  models,
  simCards,
  subscriptions,
  trips,
  unknownDevices,
} from '../../db/schema';

export type InventoryRow = typeof deviceInventory.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;

export async function inventoryBySerial(db: Db, serial: string) {
  const [row] = await db.select().from(deviceInventory).where(eq(deviceInventory.serial, serial));
  return row;
}

export function inventoryBySerials(db: Db, serials: string[]) {
  if (serials.length === 0) return Promise.resolve([] as InventoryRow[]);
  return db
    .select()
    .from(deviceInventory)
    .where(inArray(deviceInventory.serial, serials))
    .orderBy(asc(deviceInventory.serial));
}

export async function deviceBySerial(db: Db, serial: string) {
  const [row] = await db.select().from(devices).where(eq(devices.serial, serial));
  return row;
}

export async function modelById(db: Db, id: number) {
  const [row] = await db.select().from(models).where(eq(models.id, id));
  return row;
}

export async function accountById(db: Db, id: number) {
  const [row] = await db
    .select({ id: accounts.id, title: accounts.title })
    .from(accounts)
    .where(eq(accounts.id, id));
  return row;
}

export async function insertInventory(db: Db, values: typeof deviceInventory.$inferInsert) {
  await db.insert(deviceInventory).values(values);
}

export async function updateInventory(
  db: Db,
  serials: string[],
  values: Partial<typeof deviceInventory.$inferInsert>,
) {
  if (serials.length === 0) return;
  await db
    .update(deviceInventory)
    .set({ ...values, updated_at: new Date() })
    .where(inArray(deviceInventory.serial, serials));
}

export async function deleteInventory(db: Db, serials: string[]) {
  if (serials.length === 0) return;
  await db.delete(deviceInventory).where(inArray(deviceInventory.serial, serials));
}

export async function forgetUnknownSerial(db: Db, serial: string) {
  await db.delete(unknownDevices).where(eq(unknownDevices.serial, serial));
}

/** A tracker in the account with a subscription of its own, active from now. */
export async function insertTracker(
  db: Db,
  values: {
    account_id: number;
    model_id: number;
    serial: string;
    name: string;
    imei: string | null;
    iccid: string | null;
    phone: string | null;
  },
) {
  const now = new Date();
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      account_id: values.account_id,
      status: 'active',
      start_at: now,
      renewal_date: new Date(now.getTime() + 30 * 86_400_000),
    })
    .returning({ id: subscriptions.id });
  const [device] = await db
    .insert(devices)
    .values({ ...values, subscription_id: subscription!.id })
    .returning();
  return device!;
}

export async function updateDevice(
  db: Db,
  id: number,
  values: Partial<typeof devices.$inferInsert>,
) {
  const [row] = await db.update(devices).set(values).where(eq(devices.id, id)).returning();
  return row!;
}

export async function subscriptionById(db: Db, id: number) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function insertSubscription(db: Db, values: typeof subscriptions.$inferInsert) {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(
  db: Db,
  id: number,
  values: Partial<typeof subscriptions.$inferInsert>,
) {
  await db.update(subscriptions).set(values).where(eq(subscriptions.id, id));
}

/** How many trackers share the subscription. */
export async function devicesOnSubscription(db: Db, subscriptionId: number) {
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.subscription_id, subscriptionId));
  return rows.length;
}

/**
 * Removes every piece of tracking data of the tracker: its position history (the partitioned
 * table, no foreign key), current position (with its segmentation state), events (and their
 * alert deliveries, by cascade), geofence visits (dwell), and the trips, stops and daily
 * summaries made from those positions (the Fleet reports and new saved reports read them).
 * Keeps the tracker, its subscription and its command log.
 */
export async function clearTrackingData(db: Db, deviceId: number) {
  const removed = await queryRows<{ n: number }>(
    db,
    sql`WITH gone AS (DELETE FROM positions WHERE device_id = ${deviceId} RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  await db.delete(currentPositions).where(eq(currentPositions.device_id, deviceId));
  await db.delete(deviceEvents).where(eq(deviceEvents.device_id, deviceId));
  await db.delete(geofenceVisits).where(eq(geofenceVisits.device_id, deviceId));
  await db.delete(trips).where(eq(trips.device_id, deviceId));
  await db.delete(deviceStops).where(eq(deviceStops.device_id, deviceId));
  await db.delete(dailySummaries).where(eq(dailySummaries.device_id, deviceId));
  return removed[0]?.n ?? 0;
}

export async function deleteDevice(db: Db, id: number) {
  await db.delete(devices).where(eq(devices.id, id));
}

/** Sets the account's flags and upserts its on/off settings ('1' / '0'). */
export async function writeAccountFlags(
  db: Db,
  accountId: number,
  flags: Partial<
    Record<
      'has_api_access' | 'is_b2b_account' | 'has_rules_engine' | 'can_track_shipments',
      boolean
    >
  >,
  settings: Record<string, boolean>,
) {
  if (Object.keys(flags).length > 0) {
    await db
      .update(accounts)
      .set({ ...flags, updated_at: new Date() })
      .where(eq(accounts.id, accountId));
  }
  const rows = Object.entries(settings).map(([code, on]) => ({
    account_id: accountId,
    code,
    value: on ? '1' : '0',
  }));
  if (rows.length > 0) {
    await db
      .insert(accountSettings)
      .values(rows)
      .onConflictDoUpdate({
        target: [accountSettings.account_id, accountSettings.code],
        set: { value: sql`excluded.value` },
      });
  }
}

/** The newest positions, events and command answers of a tracker, newest first. */
export async function lastMessages(db: Db, deviceId: number, limit: number) {
  const positions = await queryRows<{
    fix_time: Date | string;
    lat: number;
    lng: number;
    speed: number | null;
    fix: string;
  }>(
    db,
    sql`SELECT fix_time, lat, lng, speed, fix FROM positions
        WHERE device_id = ${deviceId} ORDER BY fix_time DESC LIMIT ${limit}`,
  );
  const events = await db
    .select()
    .from(deviceEvents)
    .where(eq(deviceEvents.device_id, deviceId))
    .orderBy(desc(deviceEvents.created_at))
    .limit(limit);
  const answers = await db
    .select()
    .from(deviceMessages)
    .where(
      and(
        eq(deviceMessages.device_id, deviceId),
        sql`${deviceMessages.message_from_device} IS NOT NULL`,
      ),
    )
    .orderBy(desc(deviceMessages.id))
    .limit(limit);
  return { positions, events, answers };
}

/** The phone number of the SIM card installed in the tracker, when the card has one. */
export async function installedSimPhone(db: Db, deviceId: number) {
  const [row] = await db
    .select({ phone: simCards.phone })
    .from(simCards)
    .where(and(eq(simCards.device_id, deviceId), eq(simCards.state, 'installed')));
  return row?.phone ?? null;
}
