import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { deviceEvents, devices, reports } from '../../db/schema';
import {
  seesAllDevices,
  visibleDevices,
  visibleDevicesAmong,
  type DeviceScope,
} from '../../access/device-visibility';

/** A report without its snapshot: what lists, create and update answer. */
export type ReportRow = Omit<
  typeof reports.$inferSelect,
  'positions' | 'stops' | 'events' | 'summary' | 'positions_count' | 'created_by'
>;

/** What a report kept when it was made. */
export type SnapshotRow = Pick<
  typeof reports.$inferSelect,
  'positions' | 'stops' | 'events' | 'summary'
>;

const reportColumns = {
  id: reports.id,
  account_id: reports.account_id,
  device_id: reports.device_id,
  uuid: reports.uuid,
  is_public: reports.is_public,
  start_at: reports.start_at,
  end_at: reports.end_at,
  include_positions: reports.include_positions,
  include_sensors: reports.include_sensors,
  include_alerts: reports.include_alerts,
  include_geofence_name: reports.include_geofence_name,
  created_at: reports.created_at,
  device_name: reports.device_name,
};

const snapshotColumns = {
  positions: reports.positions,
  stops: reports.stops,
  events: reports.events,
  summary: reports.summary,
};

/**
 * The account's reports the member may read: all of them with full device access (also of
 * trackers that moved to another account since), else those of trackers the member sees.
 */
function visibleReports(scope: DeviceScope): SQL {
  const inAccount = eq(reports.account_id, scope.id);
  if (seesAllDevices(scope)) return inAccount;
  return and(
    inAccount,
    sql`EXISTS (SELECT 1 FROM ${devices} WHERE ${devices.id} = ${reports.device_id} AND ${visibleDevices(scope)})`,
  )!;
}

/** The member's reports of the account, newest first, or the one with `id`. */
export function reportRows(db: Db, scope: DeviceScope, id?: number): Promise<ReportRow[]> {
  return db
    .select(reportColumns)
    .from(reports)
    .where(and(visibleReports(scope), id === undefined ? undefined : eq(reports.id, id)))
    .orderBy(desc(reports.created_at), desc(reports.id));
}

/** The snapshot of a report already found. */
export async function snapshotOf(db: Db, id: number): Promise<SnapshotRow | undefined> {
  const [row] = await db.select(snapshotColumns).from(reports).where(eq(reports.id, id));
  return row;
}

/** A published report with its snapshot, by its public uuid. */
export async function publicReportRow(db: Db, uuid: string) {
  const [row] = await db
    .select({ ...reportColumns, ...snapshotColumns })
    .from(reports)
    .where(and(eq(reports.uuid, uuid), eq(reports.is_public, true)));
  return row;
}

export type ReportInsert = Omit<typeof reports.$inferInsert, 'id' | 'uuid' | 'created_at'>;

export async function insertReport(db: Db, values: ReportInsert): Promise<number> {
  const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
  return row!.id;
}

export async function setPublic(db: Db, id: number, isPublic: boolean) {
  await db.update(reports).set({ is_public: isPublic }).where(eq(reports.id, id));
}

export async function deleteReport(db: Db, id: number) {
  await db.delete(reports).where(eq(reports.id, id));
}

/**
 * The tracker's accepted positions in [from, to) recorded for this account (a filtered fix is
 * no part of a report's path, distance or speeds), oldest first, at most
 * `limit`, as the JSON text of value arrays in the order of REPORT_POSITION_FIELDS, with their count.
 * Written by the database as one text: reading 86,400 rows one by one took PGlite four times
 * as long.
 */
export async function rangePositionRows(
  db: Db,
  accountId: number,
  deviceId: number,
  range: { from: Date; to: Date },
  limit: number,
): Promise<{ count: number; json: string }> {
  const orNull = (column: string) => sql.raw(`coalesce(${column}::text, 'null')`);
  const [row] = await queryRows<{ count: number | string; rows: string | null }>(
    db,
    sql`SELECT count(*) AS count,
          string_agg(concat_ws(',',
            (extract(epoch FROM fix_time) * 1000)::bigint, lat, lng, to_json(fix)::text,
            ${orNull('speed')}, ${orNull('course')}, ${orNull('altitude')}, ${orNull('accuracy')},
            ${orNull('battery')}, ${orNull('temperature')}, ${orNull('humidity')},
            ${orNull('odometer')}, ${orNull('to_json(address)')}, is_inside_geofences::text
          ), '],[' ORDER BY fix_time) AS rows
        FROM (
          SELECT * FROM positions
          WHERE device_id = ${deviceId} AND account_id = ${accountId}
            AND filter_reason IS NULL
            AND fix_time >= ${range.from.toISOString()}::timestamptz
            AND fix_time < ${range.to.toISOString()}::timestamptz
          ORDER BY fix_time
          LIMIT ${limit}
        ) p`,
  );
  const count = Number(row?.count ?? 0);
  return { count, json: row?.rows ? `[[${row.rows}]]` : '[]' };
}

/**
 * The tracker's last accepted fix before `at`, or its first at or after it, other than a cell
 * fix (the odometer's), in this account: the hops from it into the range and out of it count
 * by their share of time inside.
 */
export async function fixBeside(
  db: Db,
  accountId: number,
  deviceId: number,
  at: Date,
  side: 'before' | 'after',
) {
  const where =
    side === 'before'
      ? sql`fix_time < ${at.toISOString()}::timestamptz ORDER BY fix_time DESC`
      : sql`fix_time >= ${at.toISOString()}::timestamptz ORDER BY fix_time`;
  const [row] = await queryRows<{
    lat: number;
    lng: number;
    fix_time: Date | string;
    fix: string;
    speed: number | null;
    accuracy: number | null;
    odometer: number | null;
  }>(
    db,
    sql`SELECT lat, lng, fix_time, fix, speed, accuracy, odometer FROM positions
        WHERE device_id = ${deviceId} AND account_id = ${accountId}
          AND filter_reason IS NULL AND fix <> 'cell' AND ${where}
        LIMIT 1`,
  );
  return row ? { ...row, time: new Date(row.fix_time).getTime() } : null;
}

/** The tracker's alerts in [from, to) in this account, oldest first. */
export function rangeEvents(
  db: Db,
  accountId: number,
  deviceId: number,
  range: { from: Date; to: Date },
) {
  return db
    .select({
      id: deviceEvents.id,
      created_at: deviceEvents.created_at,
      description: deviceEvents.description,
      event_type: deviceEvents.event_type,
      lat: deviceEvents.lat,
      lng: deviceEvents.lng,
    })
    .from(deviceEvents)
    .where(
      and(
        eq(deviceEvents.device_id, deviceId),
        eq(deviceEvents.account_id, accountId),
        sql`${deviceEvents.created_at} >= ${range.from.toISOString()}::timestamptz`,
        sql`${deviceEvents.created_at} < ${range.to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(deviceEvents.created_at, deviceEvents.id);
}
export type RangeEventRow = Awaited<ReturnType<typeof rangeEvents>>[number];

/** The tracker's id and name, when it is one the member sees. */
export async function visibleTracker(db: Db, scope: DeviceScope, deviceId: number) {
  const [device] = await db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(visibleDevicesAmong(scope, [deviceId]));
  return device;
}

/** The account a report belongs to, for routes that name the report alone. */
export async function accountOfReport(db: Db, id: number) {
  const [row] = await db
    .select({ account_id: reports.account_id })
    .from(reports)
    .where(eq(reports.id, id));
  return row?.account_id;
}
