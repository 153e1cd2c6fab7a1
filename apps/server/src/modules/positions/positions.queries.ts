import { asc, eq, sql } from 'drizzle-orm';
import type { ApiPosition, CurrentPosition } from '@waymark/domain';
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
};

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function presentRow(r: Row): ApiPosition {
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

/** History of devices between two times, oldest first, at most `limit` rows. */
export async function historyOf(
  db: Db,
  deviceIds: number[],
  from: Date,
  to: Date,
  limit = 200_000,
): Promise<ApiPosition[]> {
  if (deviceIds.length === 0) return [];
  const rows = await queryRows<Row>(
    db,
    sql`SELECT device_id, fix_time, lat, lng, fix, speed, course, altitude, accuracy, battery,
          temperature, humidity, odometer, address, is_inside_geofences
        FROM positions
        WHERE device_id = ANY(${sql.param(deviceIds)}::int[])
          AND fix_time >= ${from.toISOString()}::timestamptz AND fix_time <= ${to.toISOString()}::timestamptz
        ORDER BY device_id, fix_time
        LIMIT ${limit}`,
  );
  return rows.map(presentRow);
}

export async function deviceName(db: Db, deviceId: number) {
  const [row] = await db
    .select({ name: devices.name })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row?.name;
}
