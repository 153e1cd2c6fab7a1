import { asc, eq, sql } from 'drizzle-orm';
import type {
  ApiPosition,
  CurrentPosition,
  FilteredCount,
  FilterReason,
  HistoryPosition,
} from '@waymark/domain';
import { queryRows, type Db } from '../../db/client';
import { currentPositions, devices } from '../../db/schema';
import { visibleDevicesAmong, type DeviceScope } from '../../access/device-visibility';
import { presentCurrentRow } from './positions.present';

type Row = {
  device_id: number;
  fix_time: Date | string;
  lat: number;
  lng: number;
  fix: ApiPosition['fix'];
  speed: number | null;
  course: number | null;
  altitude: number | null;
  accuracy: number | null;
  battery: number | null;
  temperature: number | null;
  humidity: number | null;
  odometer: number | null;
  address: string | null;
  is_inside_geofences: boolean;
  filter_reason?: FilterReason | null;
};

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function presentRow(r: Row): HistoryPosition {
  return {
    device_id: r.device_id,
    location: [r.lng, r.lat],
    lat: r.lat,
    lng: r.lng,
    timestamp: iso(r.fix_time),
    fix: r.fix,
    speed: r.speed,
    course: r.course,
    altitude: r.altitude,
    accuracy: r.accuracy,
    battery: r.battery,
    temperature: r.temperature,
    humidity: r.humidity,
    odometer: r.odometer,
    address: r.address,
    is_inside_geofences: r.is_inside_geofences,
    ...(r.filter_reason !== undefined && { filter_reason: r.filter_reason }),
  };
}

/** Newest position of every device the member may see (optionally only the given ids). */
export async function currentPositionsOf(
  db: Db,
  scope: DeviceScope,
  deviceIds?: number[],
): Promise<CurrentPosition[]> {
  const rows = await db
    .select({ p: currentPositions })
    .from(currentPositions)
    .innerJoin(devices, eq(devices.id, currentPositions.device_id))
    .where(visibleDevicesAmong(scope, deviceIds))
    .orderBy(asc(currentPositions.device_id));
  return rows.map(({ p }) => presentCurrentRow(p));
}

/** The most fixes one history call answers. */
export const HISTORY_LIMIT = 200_000;

/**
 * History of devices between two times, oldest first, at most `limit` rows: the accepted fixes,
 * or with `includeFiltered` the filtered ones too, each saying its `filter_reason`.
 */
export async function historyOf(
  db: Db,
  deviceIds: number[],
  from: Date,
  to: Date,
  limit = HISTORY_LIMIT,
  { includeFiltered = false } = {},
): Promise<HistoryPosition[]> {
  if (deviceIds.length === 0) return [];
  const rows = await queryRows<Row>(
    db,
    sql`SELECT device_id, fix_time, lat, lng, fix, speed, course, altitude, accuracy, battery,
          temperature, humidity, odometer, address, is_inside_geofences
          ${includeFiltered ? sql`, filter_reason` : sql``}
        FROM positions
        WHERE device_id = ANY(${sql.param(deviceIds)}::int[])
          AND fix_time >= ${from.toISOString()}::timestamptz AND fix_time <= ${to.toISOString()}::timestamptz
          ${includeFiltered ? sql`` : sql`AND filter_reason IS NULL`}
        ORDER BY device_id, fix_time
        LIMIT ${limit}`,
  );
  return rows.map(presentRow);
}

/** How many of a tracker's fixes between two times were filtered, by reason. */
export async function filteredCountOf(
  db: Db,
  deviceId: number,
  from: Date,
  to: Date,
): Promise<FilteredCount> {
  const rows = await queryRows<{ filter_reason: FilterReason; n: number | string }>(
    db,
    sql`SELECT filter_reason, count(*) AS n FROM positions
        WHERE device_id = ${deviceId} AND filter_reason IS NOT NULL
          AND fix_time >= ${from.toISOString()}::timestamptz AND fix_time <= ${to.toISOString()}::timestamptz
        GROUP BY filter_reason ORDER BY filter_reason`,
  );
  const byReason = Object.fromEntries(rows.map((r) => [r.filter_reason, Number(r.n)]));
  return { filtered: rows.reduce((sum, r) => sum + Number(r.n), 0), by_reason: byReason };
}

export async function deviceName(db: Db, deviceId: number) {
  const [row] = await db
    .select({ name: devices.name })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row?.name;
}
