import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import {
  accountMemberships,
  currentPositions,
  deviceEvents,
  devices,
  models,
  subscriptions,
  users,
} from '../../db/schema';
import { visibleDevices, type DeviceScope } from '../../access/device-visibility';

const listColumns = {
  id: devices.id,
  name: devices.name,
  serial: devices.serial,
  note: devices.note,
  model_id: devices.model_id,
  model_title: models.title,
  expected_report_minutes: models.expected_report_minutes,
  subscription_status: subscriptions.status,
  group_ids: devices.group_ids,
  low_battery: devices.low_battery,
  charging: devices.charging,
  sos: devices.sos,
  overspeed: devices.overspeed,
};

export interface DeviceFilter {
  statuses?: string[] | undefined;
  search?: string | undefined;
  ids?: number[] | undefined;
}

function filterCondition(scope: DeviceScope, filter: DeviceFilter): SQL {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  return and(
    visibleDevices(scope),
    filter.statuses ? inArray(subscriptions.status, filter.statuses as never[]) : undefined,
    filter.ids ? inArray(devices.id, filter.ids.length ? filter.ids : [-1]) : undefined,
    pattern
      ? or(
          ilike(devices.name, pattern),
          ilike(devices.serial, pattern),
          ilike(currentPositions.address, pattern),
        )
      : undefined,
  )!;
}

function baseQuery(db: Db) {
  return db
    .select({ ...listColumns, position: currentPositions })
    .from(devices)
    .innerJoin(models, eq(models.id, devices.model_id))
    .leftJoin(subscriptions, eq(subscriptions.id, devices.subscription_id))
    .leftJoin(currentPositions, eq(currentPositions.device_id, devices.id));
}

export type DeviceListRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** A page of trackers with the total, for paged lists. */
export async function devicePage(
  db: Db,
  scope: DeviceScope,
  filter: DeviceFilter,
  page: { limit: number; offset: number },
) {
  const where = filterCondition(scope, filter);
  const [rows, [total]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(asc(devices.name), asc(devices.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(devices)
      .innerJoin(models, eq(models.id, devices.model_id))
      .leftJoin(subscriptions, eq(subscriptions.id, devices.subscription_id))
      .leftJoin(currentPositions, eq(currentPositions.device_id, devices.id))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function deviceIds(
  db: Db,
  scope: DeviceScope,
  filter: DeviceFilter & { groupIds?: number[] | undefined },
) {
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .leftJoin(subscriptions, eq(subscriptions.id, devices.subscription_id))
    .leftJoin(currentPositions, eq(currentPositions.device_id, devices.id))
    .where(
      and(
        filterCondition(scope, filter),
        filter.groupIds
          ? sql`${devices.group_ids} && ${sql.param(filter.groupIds)}::int[]`
          : undefined,
      ),
    )
    .orderBy(asc(devices.id));
  return rows.map((r) => r.id);
}

export async function deviceRow(db: Db, deviceId: number) {
  const [row] = await db
    .select({
      device: devices,
      model: models,
      subscription: subscriptions,
      position: currentPositions,
    })
    .from(devices)
    .innerJoin(models, eq(models.id, devices.model_id))
    .leftJoin(subscriptions, eq(subscriptions.id, devices.subscription_id))
    .leftJoin(currentPositions, eq(currentPositions.device_id, devices.id))
    .where(eq(devices.id, deviceId));
  return row;
}

/** Non-admin members with the device in their device_ids (admins and full access see all). */
export async function deviceUsers(db: Db, accountId: number, deviceId: number) {
  return db
    .select({ id: users.id, name: users.name })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.user_id))
    .where(
      and(
        eq(accountMemberships.account_id, accountId),
        sql`${deviceId} = ANY(${accountMemberships.device_ids})`,
      ),
    )
    .orderBy(asc(users.name));
}

/** Gives exactly `userIds` (members without full access) the device; takes it from the rest. */
export async function setDeviceUsers(
  db: Db,
  accountId: number,
  deviceId: number,
  userIds: number[],
) {
  await db.transaction(async (tx) => {
    await tx
      .update(accountMemberships)
      .set({ device_ids: sql`array_remove(${accountMemberships.device_ids}, ${deviceId})` })
      .where(eq(accountMemberships.account_id, accountId));
    if (userIds.length > 0) {
      await tx
        .update(accountMemberships)
        .set({ device_ids: sql`array_append(${accountMemberships.device_ids}, ${deviceId})` })
        .where(
          and(
            eq(accountMemberships.account_id, accountId),
            inArray(accountMemberships.user_id, userIds),
          ),
        );
    }
  });
}

export async function updateDevice(
  db: Db,
  deviceId: number,
  values: { name?: string | undefined; note?: string | null | undefined },
) {
  const set: Partial<typeof devices.$inferInsert> = {};
  if (values.name !== undefined) set.name = values.name;
  if (values.note !== undefined) set.note = values.note === '' ? null : values.note;
  await db.update(devices).set(set).where(eq(devices.id, deviceId));
}

export async function eventsPage(
  db: Db,
  deviceId: number,
  page: { limit: number; offset: number; from?: Date | undefined; to?: Date | undefined },
) {
  const where = and(
    eq(deviceEvents.device_id, deviceId),
    page.from
      ? sql`${deviceEvents.created_at} >= ${page.from.toISOString()}::timestamptz`
      : undefined,
    page.to ? sql`${deviceEvents.created_at} <= ${page.to.toISOString()}::timestamptz` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(deviceEvents)
      .where(where)
      .orderBy(desc(deviceEvents.created_at), desc(deviceEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(deviceEvents).where(where),
  ]);
  return {
    rows: rows.map((e) => ({
      id: e.id,
      device_id: e.device_id,
      event_type: e.event_type,
      description: e.description,
      created_at: e.created_at.toISOString(),
      lat: e.lat,
      lng: e.lng,
    })),
    total: total?.n ?? 0,
  };
}

export async function setTriggers(
  db: Db,
  deviceId: number,
  t: {
    min_temperature: number | null;
    max_temperature: number | null;
    min_humidity: number | null;
    max_humidity: number | null;
  },
) {
  await db.update(devices).set(t).where(eq(devices.id, deviceId));
}
