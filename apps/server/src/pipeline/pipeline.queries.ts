import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { currentPositions, deviceEvents, geofenceVisits } from '../db/schema';
import type { DeviceState, Position } from './position';
import type { DeviceEvent } from './steps/events';
import type { GeofenceTransition } from './steps/geofences';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const monthKey = (d: Date) =>
  `${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/** Creates the monthly partitions a batch writes into (once per month per process). */
export async function ensurePartitions(
  tx: Tx | Db,
  positions: readonly Position[],
  known: Set<string>,
) {
  for (const p of positions) {
    const key = monthKey(p.fixTime);
    if (known.has(key)) continue;
    const from = new Date(Date.UTC(p.fixTime.getUTCFullYear(), p.fixTime.getUTCMonth(), 1));
    const to = new Date(Date.UTC(p.fixTime.getUTCFullYear(), p.fixTime.getUTCMonth() + 1, 1));
    await tx.execute(
      sql.raw(
        `CREATE TABLE IF NOT EXISTS positions_${key} PARTITION OF positions ` +
          `FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`,
      ),
    );
    known.add(key);
  }
}

/** One statement for the whole batch; a position stored before (a resend) is skipped. */
export async function insertPositions(tx: Tx | Db, positions: readonly Position[]) {
  if (positions.length === 0) return;
  // sql.param keeps each column one array parameter (a bare array would expand to a list).
  const col = <T>(pick: (p: Position) => T) => sql.param(positions.map(pick));
  await tx.execute(sql`
    INSERT INTO positions (device_id, fix_time, account_id, received_at, lat, lng, fix, speed,
      course, altitude, accuracy, battery, charging, temperature, humidity, odometer, address,
      is_inside_geofences, attributes)
    SELECT * FROM unnest(
      ${col((p) => p.deviceId)}::int[], ${col((p) => p.fixTime.toISOString())}::timestamptz[],
      ${col((p) => p.accountId)}::int[], ${col((p) => p.receivedAt.toISOString())}::timestamptz[],
      ${col((p) => p.lat)}::float8[], ${col((p) => p.lng)}::float8[], ${col((p) => p.fix)}::text[],
      ${col((p) => p.speed)}::real[], ${col((p) => p.course)}::real[],
      ${col((p) => p.altitude)}::real[], ${col((p) => p.accuracy)}::real[],
      ${col((p) => p.battery)}::real[], ${col((p) => p.charging)}::bool[],
      ${col((p) => p.temperature)}::real[], ${col((p) => p.humidity)}::real[],
      ${col((p) => p.odometer)}::float8[], ${col((p) => p.address)}::text[],
      ${col((p) => p.geofenceIds.length > 0)}::bool[],
      ${col((p) => (p.attributes ? JSON.stringify(p.attributes) : null))}::jsonb[])
    ON CONFLICT DO NOTHING`);
}

/**
 * The newest position of each device that advanced, with the motion state behind it. One
 * statement over column arrays, like insertPositions: a row per parameter would hit
 * PostgreSQL's 65,535-parameter limit at about 2,900 devices per batch.
 */
export async function upsertCurrentPositions(
  tx: Tx | Db,
  entries: readonly { position: Position; state: DeviceState }[],
) {
  if (entries.length === 0) return;
  const col = <T>(pick: (e: { position: Position; state: DeviceState }) => T) =>
    sql.param(entries.map(pick));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  await tx.execute(sql`
    INSERT INTO current_positions (device_id, account_id, fix_time, received_at, lat, lng, fix,
      speed, course, altitude, accuracy, battery, charging, temperature, humidity, odometer,
      address, geofence_ids, last_movement_time, last_movement_time_without_cell, attributes,
      pipeline_state)
    SELECT u.device_id, u.account_id, u.fix_time, u.received_at, u.lat, u.lng, u.fix, u.speed,
      u.course, u.altitude, u.accuracy, u.battery, u.charging, u.temperature, u.humidity,
      u.odometer, u.address, u.geofence_ids::int[], u.last_movement_time,
      u.last_movement_time_without_cell, u.attributes, u.pipeline_state
    FROM unnest(
      ${col((e) => e.position.deviceId)}::int[], ${col((e) => e.position.accountId)}::int[],
      ${col((e) => e.position.fixTime.toISOString())}::timestamptz[],
      ${col((e) => e.position.receivedAt.toISOString())}::timestamptz[],
      ${col((e) => e.position.lat)}::float8[], ${col((e) => e.position.lng)}::float8[],
      ${col((e) => e.position.fix)}::text[], ${col((e) => e.position.speed)}::real[],
      ${col((e) => e.position.course)}::real[], ${col((e) => e.position.altitude)}::real[],
      ${col((e) => e.position.accuracy)}::real[], ${col((e) => e.state.battery)}::real[],
      ${col((e) => e.position.charging)}::bool[], ${col((e) => e.position.temperature)}::real[],
      ${col((e) => e.position.humidity)}::real[], ${col((e) => e.state.odometer)}::float8[],
      ${col((e) => e.position.address)}::text[],
      ${col((e) => `{${e.state.geofenceIds.join(',')}}`)}::text[],
      ${col((e) => iso(e.state.lastMovementTime))}::timestamptz[],
      ${col((e) => iso(e.state.lastMovementTimeWithoutCell))}::timestamptz[],
      ${col((e) => (e.position.attributes ? JSON.stringify(e.position.attributes) : null))}::jsonb[],
      ${col(({ state: s }) =>
        JSON.stringify({
          odometerPoint: s.odometerPoint,
          moveAnchor: s.moveAnchor,
          moveAnchorWithoutCell: s.moveAnchorWithoutCell,
        }),
      )}::jsonb[])
      AS u(device_id, account_id, fix_time, received_at, lat, lng, fix, speed, course, altitude,
        accuracy, battery, charging, temperature, humidity, odometer, address, geofence_ids,
        last_movement_time, last_movement_time_without_cell, attributes, pipeline_state)
    ON CONFLICT (device_id) DO UPDATE SET ${sql.raw(
      CURRENT_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '),
    )}`);
}

const CURRENT_COLUMNS = [
  'fix_time',
  'received_at',
  'lat',
  'lng',
  'fix',
  'speed',
  'course',
  'altitude',
  'accuracy',
  'battery',
  'charging',
  'temperature',
  'humidity',
  'odometer',
  'address',
  'geofence_ids',
  'last_movement_time',
  'last_movement_time_without_cell',
  'attributes',
  'pipeline_state',
];

/**
 * Battery, charging and alarm flags shown on the device (spec 000 §3). One statement for the
 * batch, and only rows whose flags change are written: most reports change none, and an
 * UPDATE per device per batch was most of the pipeline's time at fleet scale.
 */
export async function updateDeviceFlags(
  tx: Tx | Db,
  flags: readonly {
    deviceId: number;
    lowBattery: boolean;
    charging: boolean | null;
    sos: boolean;
    overspeed: boolean;
  }[],
) {
  if (flags.length === 0) return;
  const col = <T>(pick: (f: (typeof flags)[number]) => T) => sql.param(flags.map(pick));
  await tx.execute(sql`
    UPDATE devices AS d SET
      low_battery = u.low_battery,
      charging = COALESCE(u.charging, d.charging),
      sos = d.sos OR u.sos,
      overspeed = d.overspeed OR u.overspeed
    FROM unnest(
      ${col((f) => f.deviceId)}::int[], ${col((f) => f.lowBattery)}::bool[],
      ${col((f) => f.charging)}::bool[], ${col((f) => f.sos)}::bool[],
      ${col((f) => f.overspeed)}::bool[]) AS u(id, low_battery, charging, sos, overspeed)
    WHERE d.id = u.id
      AND (d.low_battery <> u.low_battery
        OR (u.charging IS NOT NULL AND d.charging <> u.charging)
        OR (u.sos AND NOT d.sos)
        OR (u.overspeed AND NOT d.overspeed))`);
}

/** Opens a visit on enter and closes the open one on exit. */
export async function recordVisits(tx: Tx | Db, transitions: readonly GeofenceTransition[]) {
  for (const t of transitions) {
    if (t.kind === 'enter') {
      await tx.insert(geofenceVisits).values({
        account_id: t.accountId,
        geofence_id: t.geofenceId,
        device_id: t.deviceId,
        entered_at: t.time,
      });
    } else {
      await tx
        .update(geofenceVisits)
        .set({ exited_at: t.time })
        .where(
          and(
            eq(geofenceVisits.device_id, t.deviceId),
            eq(geofenceVisits.geofence_id, t.geofenceId),
            isNull(geofenceVisits.exited_at),
          ),
        );
    }
  }
}

export async function insertEvents(tx: Tx | Db, events: readonly DeviceEvent[]) {
  if (events.length === 0) return [];
  return tx
    .insert(deviceEvents)
    .values(
      events.map((e) => ({
        account_id: e.accountId,
        device_id: e.deviceId,
        event_type: e.eventType,
        description: e.description,
        geofence_id: e.geofenceId,
        lat: e.lat,
        lng: e.lng,
        created_at: e.createdAt,
      })),
    )
    .returning({ id: deviceEvents.id });
}

/** Pipeline state of devices from their stored current positions. */
export async function loadStates(db: Db, deviceIds: number[]): Promise<Map<number, DeviceState>> {
  const states = new Map<number, DeviceState>();
  if (deviceIds.length === 0) return states;
  const rows = await db
    .select()
    .from(currentPositions)
    .where(inArray(currentPositions.device_id, deviceIds));
  for (const r of rows) {
    const saved = (r.pipeline_state ?? {}) as Partial<DeviceState>;
    states.set(r.device_id, {
      lastFixTime: r.fix_time,
      lat: r.lat,
      lng: r.lng,
      fix: r.fix,
      battery: r.battery,
      temperature: r.temperature,
      humidity: r.humidity,
      odometer: r.odometer,
      odometerPoint: saved.odometerPoint ?? null,
      moveAnchor: saved.moveAnchor ?? { lat: r.lat, lng: r.lng },
      moveAnchorWithoutCell: saved.moveAnchorWithoutCell ?? null,
      lastMovementTime: r.last_movement_time,
      lastMovementTimeWithoutCell: r.last_movement_time_without_cell,
      geofenceIds: r.geofence_ids,
    });
  }
  return states;
}
