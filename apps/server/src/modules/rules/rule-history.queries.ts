import { sql } from 'drizzle-orm';
import type { RuleTrigger } from '@waymark/domain';
import { visibleDevices, type DeviceScope } from '../../access/device-visibility';
import { queryRows, type Db } from '../../db/client';
import { devices } from '../../db/schema';

interface HistoryRow {
  kind: 'position' | 'event';
  at: Date | string;
  device_id: number;
  device_name: string;
  lat: number | null;
  lng: number | null;
  address: string | null;
  event_type: string | null;
  description: string | null;
  geofence_id: number | null;
  speed: number | null;
  battery: number | null;
  temperature: number | null;
  humidity: number | null;
}

/**
 * The history of the trackers the scope sees between two instants, as rule triggers in time
 * order: device events, and positions too when `withPositions` (a rule that only waits for
 * events need not read them). At most `limit` rows.
 */
export async function historyTriggers(
  db: Db,
  scope: DeviceScope,
  range: { from: Date; to: Date },
  withPositions: boolean,
  limit: number,
): Promise<RuleTrigger[]> {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const seen = sql`SELECT ${devices.id} AS id, ${devices.name} AS name FROM ${devices} WHERE ${visibleDevices(scope)}`;
  const positions = withPositions
    ? sql`UNION ALL
        SELECT 'position' AS kind, p.fix_time AS at, p.device_id, d.name AS device_name, p.lat, p.lng,
               p.address, NULL AS event_type, NULL AS description, NULL::int AS geofence_id,
               p.speed, p.battery, p.temperature, p.humidity
        FROM positions p JOIN seen d ON d.id = p.device_id
        WHERE p.account_id = ${scope.id} AND p.fix_time >= ${from}::timestamptz
          AND p.fix_time <= ${to}::timestamptz AND p.filter_reason IS NULL`
    : sql``;
  const rows = await queryRows<HistoryRow>(
    db,
    sql`WITH seen AS (${seen})
        SELECT * FROM (
          SELECT 'event' AS kind, e.created_at AS at, e.device_id, d.name AS device_name, e.lat,
                 e.lng, NULL AS address, e.event_type, e.description, e.geofence_id,
                 NULL::real AS speed, NULL::real AS battery, NULL::real AS temperature,
                 NULL::real AS humidity
          FROM device_events e JOIN seen d ON d.id = e.device_id
          WHERE e.account_id = ${scope.id} AND e.created_at >= ${from}::timestamptz
            AND e.created_at <= ${to}::timestamptz
          ${positions}
        ) h
        ORDER BY at, kind DESC
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    at: new Date(r.at).getTime(),
    device: { id: r.device_id, name: r.device_name },
    lat: r.lat,
    lng: r.lng,
    address: r.address,
    ...(r.kind === 'event'
      ? {
          event: {
            type: r.event_type ?? '',
            description: r.description ?? '',
            geofenceId: r.geofence_id,
          },
        }
      : {
          // What stored fixes keep of their tracker: not the ignition nor the trip, so idling
          // and trip conditions never hold in a replay.
          reading: {
            speed: r.speed,
            ignition: null,
            battery: r.battery,
            temperature: r.temperature,
            humidity: r.humidity,
            inTrip: null,
          },
        }),
  }));
}
