import { sql } from 'drizzle-orm';
import type { DayTotals, SegmentOutput, SegmentStop, Trip } from '@waymark/domain';
import type { Db, Tx } from '../db/client';
import type { TripOutputs } from './steps/trips';

/**
 * The trips step's writes, in the batch's transaction: trips and stops as they closed (a
 * resent batch closes the same ones again and is skipped by their unique start), and the
 * daily summaries' additions, added to what each day had.
 */
type Tagged<T> = T & { deviceId: number; accountId: number };

function tagged<T>(outputs: TripOutputs, pick: (out: SegmentOutput) => readonly T[]) {
  const rows: Tagged<T>[] = [];
  for (const [deviceId, { accountId, out }] of outputs.byDevice)
    for (const row of pick(out)) rows.push({ ...row, deviceId, accountId });
  return rows;
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
const seconds = (ms: number) => Math.round(ms / 1000);

export async function insertTrips(tx: Tx | Db, outputs: TripOutputs) {
  const rows = tagged<Trip>(outputs, (out) => out.trips);
  if (rows.length === 0) return;
  const col = <T>(pick: (t: Tagged<Trip>) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`
    INSERT INTO trips (account_id, device_id, start_time, end_time, start_lat, start_lng,
      end_lat, end_lng, start_address, end_address, start_geofence_id, end_geofence_id,
      distance, duration_s, driving_s, idle_s, max_speed, average_speed, start_odometer,
      end_odometer, engine_hours)
    SELECT * FROM unnest(
      ${col((t) => t.accountId)}::int[], ${col((t) => t.deviceId)}::int[],
      ${col((t) => iso(t.start.time))}::timestamptz[], ${col((t) => iso(t.end.time))}::timestamptz[],
      ${col((t) => t.start.lat)}::float8[], ${col((t) => t.start.lng)}::float8[],
      ${col((t) => t.end.lat)}::float8[], ${col((t) => t.end.lng)}::float8[],
      ${col((t) => t.start.address)}::text[], ${col((t) => t.end.address)}::text[],
      ${col((t) => t.start.geofenceId)}::int[], ${col((t) => t.end.geofenceId)}::int[],
      ${col((t) => t.distance)}::float8[], ${col((t) => seconds(t.durationMs))}::int[],
      ${col((t) => seconds(t.drivingMs))}::int[], ${col((t) => seconds(t.idleMs))}::int[],
      ${col((t) => t.maxSpeed)}::real[], ${col((t) => t.averageSpeed)}::real[],
      ${col((t) => t.start.odometer)}::float8[], ${col((t) => t.end.odometer)}::float8[],
      ${col((t) => t.engineHours)}::real[])
    ON CONFLICT (device_id, start_time) DO NOTHING`);
}

export async function insertStops(tx: Tx | Db, outputs: TripOutputs) {
  const rows = tagged<SegmentStop>(outputs, (out) => out.stops);
  if (rows.length === 0) return;
  const col = <T>(pick: (s: Tagged<SegmentStop>) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`
    INSERT INTO device_stops (account_id, device_id, start_time, end_time, lat, lng, address,
      geofence_id, duration_s)
    SELECT * FROM unnest(
      ${col((s) => s.accountId)}::int[], ${col((s) => s.deviceId)}::int[],
      ${col((s) => iso(s.start.time))}::timestamptz[], ${col((s) => iso(s.end.time))}::timestamptz[],
      ${col((s) => s.start.lat)}::float8[], ${col((s) => s.start.lng)}::float8[],
      ${col((s) => s.start.address)}::text[], ${col((s) => s.start.geofenceId)}::int[],
      ${col((s) => seconds(s.durationMs))}::int[])
    ON CONFLICT (device_id, start_time) DO NOTHING`);
}

/** Adds each tracker-day's totals to the stored day (created on its first fix). */
export async function addDailySummaries(tx: Tx | Db, outputs: TripOutputs) {
  const rows = tagged<DayTotals>(outputs, (out) => [...out.days.values()]);
  if (rows.length === 0) return;
  const col = <T>(pick: (d: Tagged<DayTotals>) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`
    INSERT INTO daily_summaries AS d (device_id, day, account_id, distance, driving_s, idle_s,
      stops, trips, max_speed, first_fix, last_fix, engine_hours, fuel_used, filtered)
    SELECT * FROM unnest(
      ${col((d) => d.deviceId)}::int[], ${col((d) => d.day)}::date[],
      ${col((d) => d.accountId)}::int[], ${col((d) => d.distance)}::float8[],
      ${col((d) => d.drivingMs / 1000)}::float8[], ${col((d) => d.idleMs / 1000)}::float8[],
      ${col((d) => d.stops)}::int[], ${col((d) => d.trips)}::int[],
      ${col((d) => d.maxSpeed)}::real[],
      ${col((d) => isoOrNull(d.firstFix))}::timestamptz[],
      ${col((d) => isoOrNull(d.lastFix))}::timestamptz[],
      ${col((d) => d.engineHours)}::float8[], ${col((d) => d.fuelUsed)}::float8[],
      ${col((d) => d.filtered)}::int[])
    ON CONFLICT (device_id, day) DO UPDATE SET
      distance = d.distance + excluded.distance,
      driving_s = d.driving_s + excluded.driving_s,
      idle_s = d.idle_s + excluded.idle_s,
      stops = d.stops + excluded.stops,
      trips = d.trips + excluded.trips,
      max_speed = GREATEST(d.max_speed, excluded.max_speed),
      first_fix = LEAST(d.first_fix, excluded.first_fix),
      last_fix = GREATEST(d.last_fix, excluded.last_fix),
      engine_hours = d.engine_hours + excluded.engine_hours,
      fuel_used = d.fuel_used + excluded.fuel_used,
      filtered = d.filtered + excluded.filtered`);
}
