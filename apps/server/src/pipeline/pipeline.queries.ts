import { inArray, sql } from 'drizzle-orm';
import {
  packSegmentFix,
  packSegmentState,
  unpackSegmentFix,
  unpackSegmentState,
} from '@waymark/domain';
import { queryRows, type Database, type Db, type Tx } from '../db/client';
import { currentPositions } from '../db/schema';
import { createMonthPartition, monthPartition } from '../db/position-partitions';
import type { DeviceState, Position } from './position';
import type { DeviceEvent } from './steps/events';
import type { Retraction } from './run-steps';
import type { GeofenceTransition } from './steps/geofences';
import type { StatusWrite } from './status-writes';
import { reconcileReportedSims } from './reported-sims';
import { visitWrites, type VisitClose, type VisitInsert } from './visit-writes';

import { POSITION_COLUMNS, positionsAsCsv } from './positions-copy';
export { addDailySummaries, insertStops, insertTrips } from './trip-writes';

/**
 * Creates the monthly partitions a batch writes into (once per month per process), in the
 * batch's transaction: the `history-partitions` job makes them ahead, and this is what keeps
 * a fix of a month it did not foresee (a late upload, a device's clock years off) from
 * failing its batch.
 */
export async function ensurePartitions(
  tx: Tx | Db,
  positions: readonly Position[],
  known: Set<string>,
  /** No other process makes partitions here (createMonthPartition). */
  alone: boolean,
) {
  const now = Date.now();
  const made = new Set<string>();
  for (const p of positions) {
    const partition = monthPartition(p.fixTime);
    if (made.has(partition.name)) continue;
    // Only months not over yet are remembered: `history-retention` may drop a past month's
    // table, and a late fix of that month must find it made again, not a stale memory.
    if (partition.to.getTime() > now && known.has(partition.name)) continue;
    await createMonthPartition(tx, partition, alone);
    made.add(partition.name);
    known.add(partition.name);
  }
}

const UNIQUE_VIOLATION = '23505';

/**
 * Stores a batch with COPY, the fastest way in. A device that resends positions already stored
 * (its acknowledgement was lost) makes the COPY fail on the primary key: the batch then goes in
 * again through insertPositions, which skips what is there.
 */
export async function storePositions(database: Database, tx: Tx, positions: readonly Position[]) {
  if (positions.length === 0) return;
  try {
    await tx.transaction((savepoint) =>
      database.copyCsvIn(savepoint, 'positions', POSITION_COLUMNS, positionsAsCsv(positions)),
    );
  } catch (error) {
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    await insertPositions(tx, positions);
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
      is_inside_geofences, attributes, filter_reason, ignition)
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
      ${col((p) => (p.attributes ? JSON.stringify(p.attributes) : null))}::jsonb[],
      ${col((p) => p.filterReason)}::text[], ${col((p) => p.ignition)}::bool[])
    ON CONFLICT DO NOTHING`);
}

/**
 * Marks accepted fixes of earlier batches that a later fix showed to be a jump away and
 * straight back: from now on they count as filtered everywhere.
 */
export async function markJumps(tx: Tx | Db, retractions: readonly Retraction[]) {
  if (retractions.length === 0) return;
  await tx.execute(sql`
    UPDATE positions AS p SET filter_reason = 'jump'
    FROM unnest(${sql.param(retractions.map((r) => r.deviceId))}::int[],
      ${sql.param(retractions.map((r) => r.fixTime.toISOString()))}::timestamptz[])
      AS u(device_id, fix_time)
    WHERE p.device_id = u.device_id AND p.fix_time = u.fix_time`);
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
      ignition, pipeline_state)
    SELECT u.device_id, u.account_id, u.fix_time, u.received_at, u.lat, u.lng, u.fix, u.speed,
      u.course, u.altitude, u.accuracy, u.battery, u.charging, u.temperature, u.humidity,
      u.odometer, u.address, u.geofence_ids::int[], u.last_movement_time,
      u.last_movement_time_without_cell, u.attributes, u.ignition, u.pipeline_state
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
      ${col((e) => e.position.ignition)}::bool[],
      ${col(({ state: s }) =>
        JSON.stringify({
          odometerPoint: s.odometerPoint,
          moveAnchor: s.moveAnchor,
          moveAnchorWithoutCell: s.moveAnchorWithoutCell,
          segment: s.segment && packSegmentState(s.segment),
          segmentPending: s.segmentPending && packSegmentFix(s.segmentPending),
        }),
      )}::jsonb[])
      AS u(device_id, account_id, fix_time, received_at, lat, lng, fix, speed, course, altitude,
        accuracy, battery, charging, temperature, humidity, odometer, address, geofence_ids,
        last_movement_time, last_movement_time_without_cell, attributes, ignition, pipeline_state)
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
  'ignition',
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

/**
 * Heartbeat statuses of a batch (see statusWrites): device flags, the SIM's ICCID and the
 * external voltage, and the battery shown on the current position. Only rows that change are
 * written.
 */
export async function applyStatuses(tx: Tx | Db, reported: readonly StatusWrite[]) {
  if (reported.length === 0) return;
  // A stale ICCID (a card swapped out) is dropped; a new one enters the SIM history.
  const writes = await reconcileReportedSims(tx, reported);
  const col = <T>(pick: (w: StatusWrite) => T) => sql.param(writes.map(pick));
  await tx.execute(sql`
    UPDATE devices AS d SET
      charging = COALESCE(u.charging, d.charging),
      low_battery = COALESCE(u.low_battery, d.low_battery),
      sos = d.sos OR u.sos,
      iccid = COALESCE(u.iccid, d.iccid),
      external_voltage = COALESCE(u.external_voltage, d.external_voltage)
    FROM unnest(${col((w) => w.deviceId)}::int[], ${col((w) => w.charging)}::bool[],
      ${col((w) => w.lowBattery)}::bool[], ${col((w) => w.sos)}::bool[],
      ${col((w) => w.iccid)}::text[], ${col((w) => w.externalVoltage)}::real[])
      AS u(id, charging, low_battery, sos, iccid, external_voltage)
    WHERE d.id = u.id
      AND ((u.charging IS NOT NULL AND d.charging <> u.charging)
        OR (u.low_battery IS NOT NULL AND d.low_battery <> u.low_battery)
        OR (u.sos AND NOT d.sos)
        OR (u.iccid IS NOT NULL AND d.iccid IS DISTINCT FROM u.iccid)
        OR (u.external_voltage IS NOT NULL
          AND d.external_voltage IS DISTINCT FROM u.external_voltage))`);
  const batteries = writes.filter((w) => w.battery !== null);
  if (batteries.length === 0) return;
  await tx.execute(sql`
    UPDATE current_positions AS c SET battery = u.battery
    FROM unnest(${sql.param(batteries.map((w) => w.deviceId))}::int[],
      ${sql.param(batteries.map((w) => w.battery))}::real[]) AS u(device_id, battery)
    WHERE c.device_id = u.device_id AND c.battery IS DISTINCT FROM u.battery`);
}

/** Geofence visits of a batch in two statements (see visitWrites for the pairing). */
export async function recordVisits(tx: Tx | Db, transitions: readonly GeofenceTransition[]) {
  const { inserts, closes } = visitWrites(transitions);
  if (closes.length > 0) {
    const col = <T>(pick: (c: VisitClose) => T) => sql.param(closes.map(pick));
    await tx.execute(sql`
      UPDATE geofence_visits AS v SET exited_at = u.exited_at
      FROM unnest(${col((c) => c.deviceId)}::int[], ${col((c) => c.geofenceId)}::int[],
        ${col((c) => c.exitedAt.toISOString())}::timestamptz[])
        AS u(device_id, geofence_id, exited_at)
      WHERE v.device_id = u.device_id AND v.geofence_id = u.geofence_id
        AND v.exited_at IS NULL`);
  }
  if (inserts.length > 0) {
    const col = <T>(pick: (v: VisitInsert) => T) => sql.param(inserts.map(pick));
    await tx.execute(sql`
      INSERT INTO geofence_visits (account_id, geofence_id, device_id, entered_at, exited_at)
      SELECT * FROM unnest(${col((v) => v.accountId)}::int[], ${col((v) => v.geofenceId)}::int[],
        ${col((v) => v.deviceId)}::int[], ${col((v) => v.enteredAt.toISOString())}::timestamptz[],
        ${col((v) => v.exitedAt?.toISOString() ?? null)}::timestamptz[])`);
  }
}

/** Events of a batch in one statement; the ids come back in the order given. */
export async function insertEvents(
  tx: Tx | Db,
  events: readonly DeviceEvent[],
): Promise<{ id: number }[]> {
  if (events.length === 0) return [];
  const col = <T>(pick: (e: DeviceEvent) => T) => sql.param(events.map(pick));
  return queryRows<{ id: number }>(
    tx as Db,
    sql`
    INSERT INTO device_events (account_id, device_id, event_type, description, geofence_id, lat,
      lng, created_at)
    SELECT * FROM unnest(${col((e) => e.accountId)}::int[], ${col((e) => e.deviceId)}::int[],
      ${col((e) => e.eventType)}::text[], ${col((e) => e.description)}::text[],
      ${col((e) => e.geofenceId)}::int[], ${col((e) => e.lat)}::float8[],
      ${col((e) => e.lng)}::float8[], ${col((e) => e.createdAt.toISOString())}::timestamptz[])
    RETURNING id`,
  );
}

/**
 * What `pipeline_state` holds: the parts of the state the row's columns do not, with the
 * segmentation packed (segment-state.codec) or, stored before packing, as objects.
 */
type StoredPipelineState = Partial<
  Pick<DeviceState, 'odometerPoint' | 'moveAnchor' | 'moveAnchorWithoutCell'>
> & { segment?: unknown; segmentPending?: unknown };

/** Pipeline state of devices from their stored current positions. */
export async function loadStates(db: Db, deviceIds: number[]): Promise<Map<number, DeviceState>> {
  const states = new Map<number, DeviceState>();
  if (deviceIds.length === 0) return states;
  const rows = await db
    .select()
    .from(currentPositions)
    .where(inArray(currentPositions.device_id, deviceIds));
  for (const r of rows) {
    const saved = (r.pipeline_state ?? {}) as StoredPipelineState;
    states.set(r.device_id, {
      lastFixTime: r.fix_time,
      lat: r.lat,
      lng: r.lng,
      fix: r.fix,
      accuracy: r.accuracy,
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
      segment: unpackSegmentState(saved.segment),
      segmentPending: unpackSegmentFix(saved.segmentPending),
      undo: null,
      suspect: null,
    });
  }
  return states;
}

/** A device's account and the account's zone (IANA name, UTC when unset). */
export async function deviceAccountZone(db: Db, deviceId: number) {
  const [row] = await queryRows<{ account_id: number; zone: string | null }>(
    db,
    sql`SELECT d.account_id, tz.identifier AS zone FROM devices d
      JOIN accounts a ON a.id = d.account_id
      LEFT JOIN timezones tz ON tz.id = a.timezone_id
      WHERE d.id = ${deviceId}`,
  );
  return row ? { accountId: row.account_id, zone: row.zone ?? 'UTC' } : undefined;
}
