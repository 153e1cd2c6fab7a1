import { sql, type SQL } from 'drizzle-orm';
import type { DwellDevice, DwellGeofence } from '@waymark/domain';
import { queryRows, type Db } from '../../db/client';
import { devices } from '../../db/schema';
import { seesAllDevices, visibleDevices, type DeviceScope } from '../../access/device-visibility';

const DAY_MS = 86_400_000;

export interface DwellWindow {
  /** The figures are "as of" this instant; visits still open count up to it. */
  now: Date;
  /** Look-back period in days. */
  period: number;
}

type GeofenceRow = Omit<DwellGeofence, 'period'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * The dwell figures of the account's geofences in one statement: visits are read, clipped
 * and summed by PostgreSQL, never loaded into the server. Only visits of devices the member
 * may see count. `only` narrows to one geofence, `search` matches name or address.
 *
 * Shaped for speed on large accounts: one pass over the period's visits, plain aggregates
 * (no DISTINCT, which would force a sort), the geofences table joined for the SLA so the
 * planner hashes the small side, and the instants sent as timestamptz parameters so no date
 * arithmetic runs per row. A device holds at most one open visit per geofence (the pipeline
 * opens one on enter only), so counting open visits counts devices inside.
 */
export async function dwellGeofences(
  db: Db,
  scope: DeviceScope,
  window: DwellWindow,
  filter: { search?: string | undefined; only?: number | undefined },
): Promise<DwellGeofence[]> {
  const now = window.now.toISOString();
  const start = new Date(window.now.getTime() - window.period * DAY_MS).toISOString();
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : null;
  const fences: SQL[] = [sql`g.account_id = ${scope.id}`];
  if (pattern) fences.push(sql`(g.name ILIKE ${pattern} OR g.address ILIKE ${pattern})`);
  if (filter.only !== undefined) fences.push(sql`g.id = ${filter.only}`);
  const visits: SQL[] = [
    sql`v.account_id = ${scope.id}`,
    sql`v.entered_at < ${now}::timestamptz`,
    // As the index geofence_visits_account_left has it, so the period's visits are read by it.
    sql`coalesce(v.exited_at, 'infinity'::timestamptz) > ${start}::timestamptz`,
  ];
  if (filter.only !== undefined) visits.push(sql`v.geofence_id = ${filter.only}`);
  if (!seesAllDevices(scope)) {
    visits.push(
      sql`v.device_id IN (SELECT ${devices.id} FROM ${devices} WHERE ${visibleDevices(scope)})`,
    );
  }
  const where = (parts: SQL[]) => sql.join(parts, sql` AND `);

  const rows = await queryRows<GeofenceRow>(
    db,
    sql`
      WITH stats AS (
        SELECT v.geofence_id,
               count(*) AS visits,
               count(*) FILTER (WHERE v.exited_at IS NULL) AS devices_count,
               sum(LEAST(COALESCE(v.exited_at, ${now}::timestamptz), ${now}::timestamptz)
                   - GREATEST(v.entered_at, ${start}::timestamptz)) AS total_time,
               count(*) FILTER (
                 WHERE v.exited_at IS NULL
                   AND g.allowable_dwell_days > 0
                   AND v.entered_at < ${now}::timestamptz
                       - make_interval(days => g.allowable_dwell_days)
               ) AS exceeding
        FROM geofence_visits v
        JOIN geofences g ON g.id = v.geofence_id
        WHERE ${where(visits)} AND ${where(fences)}
        GROUP BY v.geofence_id
      )
      SELECT g.id, g.name, g.address, g.lat, g.lng,
             g.allowable_dwell_days, g.min_assets, g.max_assets,
             COALESCE(s.devices_count, 0)::int AS devices_count,
             round(extract(epoch FROM s.total_time) / s.visits)::int AS avg_time,
             CASE WHEN g.allowable_dwell_days > 0 THEN
               round(extract(epoch FROM s.total_time) * 100
                     / (s.visits * g.allowable_dwell_days * 86400), 1)::float8
             END AS average_dwell_time_percentage,
             COALESCE(s.exceeding, 0)::int AS assets_exceeding_dwell
      FROM geofences g
      LEFT JOIN stats s ON s.geofence_id = g.id
      WHERE ${where(fences)}
      ORDER BY g.name, g.id`,
  );
  return rows.map((r) => ({ ...r, period: window.period }));
}

type DeviceRow = {
  geofence_id: number;
  id: number | null;
  name: string | null;
  groups: { id: number; name: string }[] | string | null;
  entered_at: Date | string | null;
  days_spent_since_entry: number | null;
};

/**
 * The devices inside a geofence now (an open visit), longest stay first, with their groups;
 * undefined when the account has no such geofence. One statement, so "missing" and "empty"
 * are told apart without a second round trip.
 */
export async function dwellDevices(
  db: Db,
  scope: DeviceScope,
  geofenceId: number,
  now: Date,
): Promise<DwellDevice[] | undefined> {
  const at = now.toISOString();
  const rows = await queryRows<DeviceRow>(
    db,
    sql`
      SELECT g.id AS geofence_id, d.id, d.name, d.groups, d.entered_at, d.days_spent_since_entry
      FROM geofences g
      LEFT JOIN LATERAL (
        SELECT ${devices.id} AS id, ${devices.name} AS name, inside.entered_at,
               floor(extract(epoch FROM ${at}::timestamptz - inside.entered_at) / 86400)::int
                 AS days_spent_since_entry,
               COALESCE((
                 SELECT json_agg(json_build_object('id', dg.id, 'name', dg.name)
                                 ORDER BY dg.name, dg.id)
                 FROM device_groups dg
                 WHERE dg.id = ANY(${devices.group_ids}) AND dg.account_id = g.account_id
               ), '[]'::json) AS groups
        FROM (
          SELECT v.device_id, min(v.entered_at) AS entered_at
          FROM geofence_visits v
          WHERE v.geofence_id = g.id AND v.exited_at IS NULL
          GROUP BY v.device_id
        ) inside
        JOIN ${devices} ON ${devices.id} = inside.device_id AND ${visibleDevices(scope)}
      ) d ON true
      WHERE g.id = ${geofenceId} AND g.account_id = ${scope.id}
      ORDER BY d.entered_at, d.name, d.id`,
  );
  if (rows.length === 0) return undefined;
  return rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      device: {
        id: r.id!,
        name: r.name!,
        groups: typeof r.groups === 'string' ? JSON.parse(r.groups) : (r.groups ?? []),
      },
      days_spent_since_entry: Math.max(0, r.days_spent_since_entry ?? 0),
      entered_at: new Date(r.entered_at!).toISOString(),
    }));
}
