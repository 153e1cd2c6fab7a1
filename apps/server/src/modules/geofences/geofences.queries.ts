import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceEvents, devices, geofences, geofenceVisits } from '../../db/schema';
import { visibleDevices, type DeviceScope } from '../../access/device-visibility';

export type GeofenceRow = typeof geofences.$inferSelect & { devices_count: number };
export type GeofenceColumns = Omit<
  typeof geofences.$inferInsert,
  'id' | 'account_id' | 'created_at' | 'updated_at'
>;

/**
 * Trackers inside the geofence now: its visits that have not ended. Spelled out with table
 * names because Drizzle leaves columns unqualified in single-table selects, and a bare "id"
 * in the subquery would be the visit's.
 */
const devicesCount = sql<number>`(
  SELECT count(*)::int FROM geofence_visits v
  WHERE v.geofence_id = "geofences"."id" AND v.exited_at IS NULL
)`.as('devices_count');

const selection = { geofence: geofences, devices_count: devicesCount };
const flatten = (r: { geofence: typeof geofences.$inferSelect; devices_count: number }) => ({
  ...r.geofence,
  devices_count: Number(r.devices_count),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the account's geofences by name; `search` matches name or address. */
export async function geofencePage(
  db: Db,
  accountId: number,
  page: { limit: number; offset: number; search?: string | undefined },
) {
  const pattern = page.search ? `%${escapeLike(page.search)}%` : null;
  const where = and(
    eq(geofences.account_id, accountId),
    pattern ? or(ilike(geofences.name, pattern), ilike(geofences.address, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(selection)
      .from(geofences)
      .where(where)
      .orderBy(asc(sql`lower(${geofences.name})`), asc(geofences.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(geofences).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

/** One geofence of the account, or undefined (another account's id included). */
export async function findGeofence(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select(selection)
    .from(geofences)
    .where(and(eq(geofences.account_id, accountId), eq(geofences.id, id)));
  return row ? flatten(row) : undefined;
}

export async function insertGeofence(db: Db, accountId: number, columns: GeofenceColumns) {
  const [row] = await db
    .insert(geofences)
    .values({ ...columns, account_id: accountId })
    .returning({ id: geofences.id });
  return row!.id;
}

/** Updates the geofence; false when the account has no such geofence. */
export async function updateGeofence(
  db: Db,
  accountId: number,
  id: number,
  columns: Partial<GeofenceColumns>,
) {
  const rows = await db
    .update(geofences)
    .set({ ...columns, updated_at: new Date() })
    .where(and(eq(geofences.account_id, accountId), eq(geofences.id, id)))
    .returning({ id: geofences.id });
  return rows.length > 0;
}

/** Deletes the geofence (its visits go with it); false when the account has no such one. */
export async function deleteGeofence(db: Db, accountId: number, id: number) {
  const rows = await db
    .delete(geofences)
    .where(and(eq(geofences.account_id, accountId), eq(geofences.id, id)))
    .returning({ id: geofences.id });
  return rows.length > 0;
}

/**
 * The geofence nearest to a point, by distance to its centre on a locally flat Earth (good
 * enough to rank; the caller first asks the spatial index which geofences hold the point).
 */
export async function nearestGeofence(db: Db, accountId: number, lat: number, lng: number) {
  const cos = Math.cos((lat * Math.PI) / 180);
  const [row] = await db
    .select({ id: geofences.id, name: geofences.name })
    .from(geofences)
    .where(eq(geofences.account_id, accountId))
    .orderBy(
      sql`power(${geofences.lat} - ${lat}::float8, 2) + power((${geofences.lng} - ${lng}::float8) * ${cos}::float8, 2)`,
      asc(geofences.id),
    )
    .limit(1);
  return row;
}

export async function geofenceNames(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: geofences.id, name: geofences.name })
    .from(geofences)
    .where(and(eq(geofences.account_id, accountId), inArray(geofences.id, ids)))
    .orderBy(asc(geofences.id));
}

export interface EventFilters {
  geofenceId?: number | undefined;
  deviceId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Enter and exit events of the trackers the member may see, newest first. */
export async function geofenceEventsPage(
  db: Db,
  scope: DeviceScope,
  filters: EventFilters,
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(deviceEvents.account_id, scope.id),
    inArray(deviceEvents.event_type, ['geofence-enter', 'geofence-exit']),
    visibleDevices(scope),
    filters.geofenceId ? eq(deviceEvents.geofence_id, filters.geofenceId) : undefined,
    filters.deviceId ? eq(deviceEvents.device_id, filters.deviceId) : undefined,
    filters.from
      ? sql`${deviceEvents.created_at} >= ${filters.from.toISOString()}::timestamptz`
      : undefined,
    filters.to
      ? sql`${deviceEvents.created_at} <= ${filters.to.toISOString()}::timestamptz`
      : undefined,
  );
  const base = () =>
    db
      .select({
        id: deviceEvents.id,
        event_type: deviceEvents.event_type,
        description: deviceEvents.description,
        created_at: deviceEvents.created_at,
        lat: deviceEvents.lat,
        lng: deviceEvents.lng,
        device_id: devices.id,
        device_name: devices.name,
        geofence_id: geofences.id,
        geofence_name: geofences.name,
      })
      .from(deviceEvents)
      .innerJoin(devices, eq(devices.id, deviceEvents.device_id))
      .leftJoin(geofences, eq(geofences.id, deviceEvents.geofence_id));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(deviceEvents.created_at), desc(deviceEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(deviceEvents)
      .innerJoin(devices, eq(devices.id, deviceEvents.device_id))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type GeofenceEventRow = Awaited<ReturnType<typeof geofenceEventsPage>>['rows'][number];

/**
 * Every geofence of the account with the visits of visible trackers that overlap the range
 * (geofences without one get a single row with no visit), by geofence name then entry time.
 */
export async function visitsForExport(db: Db, scope: DeviceScope, range: { from: Date; to: Date }) {
  const overlaps: SQL = and(
    eq(geofenceVisits.geofence_id, geofences.id),
    sql`${geofenceVisits.entered_at} <= ${range.to.toISOString()}::timestamptz`,
    or(
      isNull(geofenceVisits.exited_at),
      sql`${geofenceVisits.exited_at} >= ${range.from.toISOString()}::timestamptz`,
    ),
    sql`${geofenceVisits.device_id} IN (SELECT ${devices.id} FROM ${devices} WHERE ${visibleDevices(scope)})`,
  )!;
  return db
    .select({
      geofence_id: geofences.id,
      geofence: geofences.name,
      address: geofences.address,
      device: devices.name,
      serial: devices.serial,
      entered_at: geofenceVisits.entered_at,
      exited_at: geofenceVisits.exited_at,
    })
    .from(geofences)
    .leftJoin(geofenceVisits, overlaps)
    .leftJoin(devices, eq(devices.id, geofenceVisits.device_id))
    .where(eq(geofences.account_id, scope.id))
    .orderBy(asc(sql`lower(${geofences.name})`), asc(geofences.id), asc(geofenceVisits.entered_at));
}
