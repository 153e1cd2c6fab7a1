import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceEvents, devices, notificationSettings } from '../../db/schema';
import { deviceIdIn, visibleDevices, type DeviceScope } from '../../access/device-visibility';

export interface EventFilter {
  deviceId?: number | undefined;
  /** The Fleet reports' trackers and groups: events of trackers in both (when given). */
  deviceIds?: number[] | undefined;
  groupIds?: number[] | undefined;
  eventId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** A device event with its tracker's name: the row of Recent Alerts and of the downloads. */
export type AlertEventRow = {
  id: number;
  device_id: number;
  device_name: string;
  event_type: string;
  description: string;
  created_at: Date;
  lat: number | null;
  lng: number | null;
};

const eventColumns = {
  id: deviceEvents.id,
  device_id: deviceEvents.device_id,
  device_name: devices.name,
  event_type: deviceEvents.event_type,
  description: deviceEvents.description,
  created_at: deviceEvents.created_at,
  lat: deviceEvents.lat,
  lng: deviceEvents.lng,
};

function eventCondition(scope: DeviceScope, filter: EventFilter) {
  return and(
    eq(deviceEvents.account_id, scope.id),
    visibleDevices(scope),
    filter.deviceId === undefined ? undefined : eq(deviceEvents.device_id, filter.deviceId),
    filter.deviceIds?.length ? deviceIdIn(filter.deviceIds) : undefined,
    filter.groupIds?.length
      ? sql`${devices.group_ids} && ${sql.param(filter.groupIds)}::int[]`
      : undefined,
    filter.eventId === undefined ? undefined : eq(deviceEvents.id, filter.eventId),
    filter.from
      ? sql`${deviceEvents.created_at} >= ${filter.from.toISOString()}::timestamptz`
      : undefined,
    filter.to
      ? sql`${deviceEvents.created_at} <= ${filter.to.toISOString()}::timestamptz`
      : undefined,
  );
}

/** The account's events on trackers the member sees, newest first, a page at a time. */
export async function eventRows(
  db: Db,
  scope: DeviceScope,
  filter: EventFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: AlertEventRow[]; total: number }> {
  const where = eventCondition(scope, filter);
  const query = db
    .select(eventColumns)
    .from(deviceEvents)
    .innerJoin(devices, eq(devices.id, deviceEvents.device_id))
    .where(where)
    .orderBy(desc(deviceEvents.created_at), desc(deviceEvents.id));
  if (!page) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const [rows, [total]] = await Promise.all([
    query.limit(page.limit).offset(page.offset),
    db
      .select({ n: count() })
      .from(deviceEvents)
      .innerJoin(devices, eq(devices.id, deviceEvents.device_id))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The codes a user stored in an account (others take their defaults). */
export async function storedSettings(db: Db, userId: number, accountId: number) {
  return db
    .select({ code: notificationSettings.code, value: notificationSettings.value })
    .from(notificationSettings)
    .where(
      and(eq(notificationSettings.user_id, userId), eq(notificationSettings.account_id, accountId)),
    );
}

export async function writeSettings(
  db: Db,
  userId: number,
  accountId: number,
  settings: readonly { code: string; value: number }[],
) {
  if (settings.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(settings.map((s) => ({ user_id: userId, account_id: accountId, ...s })))
    .onConflictDoUpdate({
      target: [
        notificationSettings.user_id,
        notificationSettings.account_id,
        notificationSettings.code,
      ],
      set: { value: sql`excluded.value`, updated_at: sql`now()` },
    });
}
