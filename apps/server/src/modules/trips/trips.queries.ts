import { sql, type SQL } from 'drizzle-orm';
import { unpackSegmentState, type SummaryPeriod } from '@waymark/domain';
import { queryRows, type Db } from '../../db/client';
import {
  seesAllDevices,
  visibleDevicesAmong,
  type DeviceScope,
} from '../../access/device-visibility';
import { devices } from '../../db/schema';

/** Which trackers and which instants a fleet report covers. */
export interface ReportScope {
  accountId: number;
  devices: DeviceScope;
  deviceIds: number[] | undefined;
  groupIds: number[] | undefined;
  /** Epoch ms, the first instant of the first local day. */
  from: number;
  /** Epoch ms, the first instant after the last local day. */
  to: number;
  /** Local days, `YYYY-MM-DD`, both included. */
  dayFrom: string;
  dayTo: string;
  zone: string;
}

export interface Page {
  limit: number;
  offset: number;
}

/** The trackers of the report, as a condition on `devices`. */
function trackersOf(scope: ReportScope): SQL {
  const groups = scope.groupIds?.length
    ? sql` AND ${devices.group_ids} && ${sql.param(scope.groupIds)}::int[]`
    : sql``;
  return sql`${visibleDevicesAmong(scope.devices, scope.deviceIds)}${groups}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

export interface TripRow {
  id: number;
  device_id: number;
  device_name: string;
  start_time: Date | string;
  end_time: Date | string;
  start_lat: number;
  start_lng: number;
  end_lat: number;
  end_lng: number;
  start_address: string | null;
  end_address: string | null;
  start_geofence_id: number | null;
  end_geofence_id: number | null;
  start_geofence_name: string | null;
  end_geofence_name: string | null;
  distance: number;
  duration_s: number;
  driving_s: number;
  idle_s: number;
  max_speed: number;
  average_speed: number;
  start_odometer: number;
  end_odometer: number;
  engine_hours: number | null;
}

/** Stored trips that started in the range, newest first. */
export function tripRows(db: Db, scope: ReportScope, page: Page) {
  return queryRows<TripRow>(
    db,
    sql`SELECT t.id::int AS id, t.device_id, devices.name AS device_name, t.start_time,
        t.end_time, t.start_lat, t.start_lng, t.end_lat, t.end_lng, t.start_address,
        t.end_address, t.start_geofence_id, t.end_geofence_id, gs.name AS start_geofence_name,
        ge.name AS end_geofence_name, t.distance, t.duration_s, t.driving_s, t.idle_s,
        t.max_speed, t.average_speed, t.start_odometer, t.end_odometer, t.engine_hours
      FROM trips t
      JOIN devices ON devices.id = t.device_id
      LEFT JOIN geofences gs ON gs.id = t.start_geofence_id
      LEFT JOIN geofences ge ON ge.id = t.end_geofence_id
      WHERE t.account_id = ${scope.accountId} AND ${trackersOf(scope)}
        AND t.start_time >= ${iso(scope.from)} AND t.start_time < ${iso(scope.to)}
      ORDER BY t.start_time DESC, t.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

export interface StoredTotals {
  rows: number;
  distance: number;
  duration: number;
  driving_time: number;
  idle_time: number;
  max_speed: number | null;
}

export async function tripTotals(db: Db, scope: ReportScope): Promise<StoredTotals> {
  const [row] = await queryRows<StoredTotals>(
    db,
    sql`SELECT count(*)::int AS rows, coalesce(sum(t.distance), 0)::float8 AS distance,
        coalesce(sum(t.duration_s), 0)::float8 AS duration,
        coalesce(sum(t.driving_s), 0)::float8 AS driving_time,
        coalesce(sum(t.idle_s), 0)::float8 AS idle_time, max(t.max_speed)::float8 AS max_speed
      FROM trips t JOIN devices ON devices.id = t.device_id
      WHERE t.account_id = ${scope.accountId} AND ${trackersOf(scope)}
        AND t.start_time >= ${iso(scope.from)} AND t.start_time < ${iso(scope.to)}`,
  );
  return row!;
}

export interface StopRow {
  id: number;
  device_id: number;
  device_name: string;
  start_time: Date | string;
  end_time: Date | string;
  lat: number;
  lng: number;
  address: string | null;
  geofence_id: number | null;
  geofence_name: string | null;
  duration_s: number;
}

/** Stored stops that started in the range, newest first. */
export function stopRows(db: Db, scope: ReportScope, page: Page) {
  return queryRows<StopRow>(
    db,
    sql`SELECT s.id::int AS id, s.device_id, devices.name AS device_name, s.start_time,
        s.end_time, s.lat, s.lng, s.address, s.geofence_id, g.name AS geofence_name, s.duration_s
      FROM device_stops s
      JOIN devices ON devices.id = s.device_id
      LEFT JOIN geofences g ON g.id = s.geofence_id
      WHERE s.account_id = ${scope.accountId} AND ${trackersOf(scope)}
        AND s.start_time >= ${iso(scope.from)} AND s.start_time < ${iso(scope.to)}
      ORDER BY s.start_time DESC, s.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

export async function stopTotals(db: Db, scope: ReportScope) {
  const [row] = await queryRows<{ rows: number; duration: number }>(
    db,
    sql`SELECT count(*)::int AS rows, coalesce(sum(s.duration_s), 0)::float8 AS duration
      FROM device_stops s JOIN devices ON devices.id = s.device_id
      WHERE s.account_id = ${scope.accountId} AND ${trackersOf(scope)}
        AND s.start_time >= ${iso(scope.from)} AND s.start_time < ${iso(scope.to)}`,
  );
  return row!;
}

export interface SummaryRow {
  device_id: number;
  device_name: string;
  period_start: string;
  distance: number;
  driving_s: number;
  idle_s: number;
  stops: number;
  trips: number;
  max_speed: number | null;
  first_fix: Date | string | null;
  last_fix: Date | string | null;
  engine_hours: number;
  fuel_used: number;
  filtered: number;
  total: number;
}

/** Daily summaries added up per tracker and period, by tracker name then period. */
export function summaryRows(db: Db, scope: ReportScope, period: SummaryPeriod, page: Page) {
  return queryRows<SummaryRow>(
    db,
    sql`SELECT s.device_id, devices.name AS device_name,
        date_trunc(${period}, s.day::timestamp)::date::text AS period_start,
        sum(s.distance)::float8 AS distance, sum(s.driving_s)::float8 AS driving_s,
        sum(s.idle_s)::float8 AS idle_s, sum(s.stops)::int AS stops,
        sum(s.trips)::int AS trips, max(s.max_speed)::float8 AS max_speed,
        min(s.first_fix) AS first_fix, max(s.last_fix) AS last_fix,
        sum(s.engine_hours)::float8 AS engine_hours, sum(s.fuel_used)::float8 AS fuel_used,
        sum(s.filtered)::int AS filtered, (count(*) OVER ())::int AS total
      FROM daily_summaries s
      JOIN devices ON devices.id = s.device_id
      WHERE s.account_id = ${scope.accountId} AND ${trackersOf(scope)}
        AND s.day >= ${scope.dayFrom}::date AND s.day <= ${scope.dayTo}::date
      GROUP BY s.device_id, devices.name, 3
      ORDER BY devices.name, s.device_id, 3
      LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

export async function summaryTotals(db: Db, scope: ReportScope) {
  const [row] = await queryRows<{
    rows: number;
    distance: number;
    driving_time: number;
    idle_time: number;
    max_speed: number | null;
    stops: number;
    trips: number;
  }>(
    db,
    sql`SELECT count(*)::int AS rows, coalesce(sum(s.distance), 0)::float8 AS distance,
        coalesce(sum(s.driving_s), 0)::float8 AS driving_time,
        coalesce(sum(s.idle_s), 0)::float8 AS idle_time, max(s.max_speed)::float8 AS max_speed,
        coalesce(sum(s.stops), 0)::int AS stops, coalesce(sum(s.trips), 0)::int AS trips
      FROM daily_summaries s
      JOIN devices ON devices.id = s.device_id
      WHERE s.account_id = ${scope.accountId} AND ${trackersOf(scope)}
        AND s.day >= ${scope.dayFrom}::date AND s.day <= ${scope.dayTo}::date`,
  );
  return row!;
}

/** The segmentation state of the report's trackers, for their ongoing trip or stop. */
export async function ongoingSegments(db: Db, scope: ReportScope) {
  const rows = await queryRows<{ device_id: number; device_name: string; segment: unknown }>(
    db,
    sql`SELECT c.device_id, devices.name AS device_name, c.pipeline_state -> 'segment' AS segment
      FROM current_positions c JOIN devices ON devices.id = c.device_id
      WHERE c.account_id = ${scope.accountId} AND ${trackersOf(scope)}
        AND c.pipeline_state -> 'segment' IS NOT NULL
      ORDER BY devices.name`,
  );
  return rows.map((r) => ({ ...r, segment: unpackSegmentState(r.segment) }));
}

/** Names of geofences by id, for the ongoing segments' places. */
export async function geofenceNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM geofences WHERE id = ANY(${sql.param(ids)}::int[])`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The account's zone (IANA name); UTC when it has none. */
export async function accountZone(db: Db, accountId: number): Promise<string> {
  const [row] = await queryRows<{ identifier: string | null }>(
    db,
    sql`SELECT z.identifier FROM accounts a LEFT JOIN timezones z ON z.id = a.timezone_id
      WHERE a.id = ${accountId}`,
  );
  return row?.identifier ?? 'UTC';
}

/** A figure of the daily summaries that Scout adds up over a range. */
export type SummaryMeasure = 'distance' | 'driving_s' | 'idle_s' | 'stops' | 'trips' | 'max_speed';

/** How each figure adds up over days: a top speed is the highest, the others a sum. */
const SUMMED: Record<SummaryMeasure, SQL> = {
  distance: sql`sum(s.distance)::float8`,
  driving_s: sql`sum(s.driving_s)::float8`,
  idle_s: sql`sum(s.idle_s)::float8`,
  stops: sql`sum(s.stops)::float8`,
  trips: sql`sum(s.trips)::float8`,
  max_speed: sql`max(s.max_speed)::float8`,
};

/**
 * One figure of the daily summaries added up per tracker over the range (or per day, with
 * `byDay`), as Scout asks "who drove the most last week": one grouped read, no names, no
 * ordering, no page. Only the figure asked is read: at 10,000 trackers over a week, PGlite
 * spent half the read making the other five into JavaScript.
 *
 * For someone who sees every tracker the read does not join devices (a third of its time):
 * the rows are then the account's summaries, which may include a tracker since moved to another
 * account, so the caller keeps only the trackers it asked about (Scout: its trackers list).
 */
export function summaryByTracker(
  db: Db,
  scope: ReportScope,
  measure: SummaryMeasure,
  byDay = false,
) {
  const whole = seesAllDevices(scope.devices) && !scope.groupIds?.length;
  const ids = scope.deviceIds && sql` AND s.device_id = ANY(${sql.param(scope.deviceIds)}::int[])`;
  return queryRows<{ device_id: number; day: string | null; value: number | null }>(
    db,
    sql`SELECT s.device_id, ${byDay ? sql`s.day::text` : sql`NULL::text`} AS day,
        ${SUMMED[measure]} AS value
      FROM daily_summaries s
      ${whole ? sql`` : sql`JOIN devices ON devices.id = s.device_id`}
      WHERE s.account_id = ${scope.accountId}
        ${whole ? (ids ?? sql``) : sql` AND ${trackersOf(scope)}`}
        AND s.day >= ${scope.dayFrom}::date AND s.day <= ${scope.dayTo}::date
      GROUP BY s.device_id${byDay ? sql`, s.day` : sql``}`,
  );
}

/** Trips or stops started in the range, counted per tracker (the lists' own range test). */
export function startedByTracker(db: Db, scope: ReportScope, kind: 'trips' | 'stops') {
  const table = kind === 'trips' ? sql`trips` : sql`device_stops`;
  return queryRows<{ device_id: number; n: number }>(
    db,
    sql`SELECT t.device_id, count(*)::int AS n
      FROM ${table} t JOIN devices ON devices.id = t.device_id
      WHERE t.account_id = ${scope.accountId} AND ${trackersOf(scope)}
        AND t.start_time >= ${iso(scope.from)} AND t.start_time < ${iso(scope.to)}
      GROUP BY t.device_id`,
  );
}
