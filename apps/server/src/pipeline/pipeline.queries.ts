import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { currentPositions, deviceEvents, devices, geofenceVisits } from '../db/schema';
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

/** The newest position of each device that advanced, with the motion state behind it. */
export async function upsertCurrentPositions(
  tx: Tx | Db,
  entries: readonly { position: Position; state: DeviceState }[],
) {
  if (entries.length === 0) return;
  await tx
    .insert(currentPositions)
    .values(
      entries.map(({ position: p, state: s }) => ({
        device_id: p.deviceId,
        account_id: p.accountId,
        fix_time: p.fixTime,
        received_at: p.receivedAt,
        lat: p.lat,
        lng: p.lng,
        fix: p.fix,
        speed: p.speed,
        course: p.course,
        altitude: p.altitude,
        accuracy: p.accuracy,
        battery: s.battery,
        charging: p.charging,
        temperature: p.temperature,
        humidity: p.humidity,
        odometer: s.odometer,
        address: p.address,
        geofence_ids: s.geofenceIds,
        last_movement_time: s.lastMovementTime,
        last_movement_time_without_cell: s.lastMovementTimeWithoutCell,
        attributes: p.attributes,
        pipeline_state: {
          odometerPoint: s.odometerPoint,
          moveAnchor: s.moveAnchor,
          moveAnchorWithoutCell: s.moveAnchorWithoutCell,
        },
      })),
    )
    .onConflictDoUpdate({
      target: currentPositions.device_id,
      set: Object.fromEntries(
        [
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
        ].map((c) => [c, sql.raw(`excluded.${c}`)]),
      ),
    });
}

/** Battery, charging and alarm flags shown on the device (spec 000 §3). */
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
  for (const f of flags) {
    await tx
      .update(devices)
      .set({
        low_battery: f.lowBattery,
        ...(f.charging === null ? {} : { charging: f.charging }),
        ...(f.sos ? { sos: true } : {}),
        ...(f.overspeed ? { overspeed: true } : {}),
      })
      .where(eq(devices.id, f.deviceId));
  }
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
