import { eq, inArray } from 'drizzle-orm';
import { FEET_TO_METRES } from '@waymark/domain';
import type { Db } from '../db/client';
import { accounts, anchors, devices, subscriptions, timezones } from '../db/schema';
import type { DeviceRef } from './position';
import type { AnchorPlace } from './steps/ble-anchors';

/**
 * The devices of these serials, with what the steps need of them (SLA bounds included) and
 * whether they are deactivated (their subscription blocked).
 */
export async function devicesBySerial(db: Db, serials: string[]) {
  const rows = await db
    .select({
      id: devices.id,
      accountId: devices.account_id,
      name: devices.name,
      serial: devices.serial,
      minTemperature: devices.min_temperature,
      maxTemperature: devices.max_temperature,
      minHumidity: devices.min_humidity,
      maxHumidity: devices.max_humidity,
      subscriptionStatus: subscriptions.status,
      zone: timezones.identifier,
    })
    .from(devices)
    .leftJoin(subscriptions, eq(subscriptions.id, devices.subscription_id))
    .innerJoin(accounts, eq(accounts.id, devices.account_id))
    .leftJoin(timezones, eq(timezones.id, accounts.timezone_id))
    .where(inArray(devices.serial, serials));
  return rows.map((r): DeviceRef & { serial: string } => ({
    id: r.id,
    deactivated: r.subscriptionStatus === 'blocked',
    accountId: r.accountId,
    name: r.name,
    serial: r.serial,
    zone: r.zone ?? 'UTC',
    triggers: {
      minTemperature: r.minTemperature,
      maxTemperature: r.maxTemperature,
      minHumidity: r.minHumidity,
      maxHumidity: r.maxHumidity,
    },
  }));
}

/**
 * The account's anchors keyed by serial (lower case, as stored): the pipeline looks up the
 * beacon a tracker reported with `map.get(serial.toLowerCase())`.
 */
export async function anchorsBySerial(
  db: Db,
  accountId: number,
): Promise<Map<string, AnchorPlace>> {
  const rows = await db
    .select({
      id: anchors.id,
      name: anchors.name,
      serial: anchors.serial,
      lat: anchors.lat,
      lng: anchors.lng,
      radius: anchors.radius,
    })
    .from(anchors)
    .where(eq(anchors.account_id, accountId));
  return new Map(
    rows.map((r) => [
      r.serial,
      { id: r.id, name: r.name, lat: r.lat, lng: r.lng, accuracy: r.radius * FEET_TO_METRES },
    ]),
  );
}

/** The position filter's bounds of these accounts (defaults for an account that never set them). */
export async function filterSettingsOf(db: Db, accountIds: number[]) {
  return db
    .select({
      id: accounts.id,
      max_speed_kmh: accounts.filter_max_speed_kmh,
      max_accuracy_m: accounts.filter_max_accuracy_m,
    })
    .from(accounts)
    .where(inArray(accounts.id, accountIds));
}
