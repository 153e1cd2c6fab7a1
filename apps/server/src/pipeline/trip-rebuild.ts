import { sql } from 'drizzle-orm';
import {
  advanceOdometer,
  advanceSegment,
  packSegmentFix,
  packSegmentState,
  SegmentOutput,
  stoppedAt,
  ZoneDays,
  type Odometer,
  type SegmentState,
} from '@waymark/domain';
import { queryRows, type Db } from '../db/client';
import type { AccountGeofenceIndex } from '../spatial/geofence-index';
import type { DeviceState, Fix, Position } from './position';
import { segmentFix, segmentFixAfter, TripOutputs } from './steps/trips';
import { thinnedBefore } from './thinned-history';
import { addDailySummaries, insertStops, insertTrips } from './trip-writes';

/**
 * Trips, stops and daily summaries of one tracker rebuilt after history arrived late (a device
 * uploading its buffer after a tunnel, a test bench sending last year's fixes). The live
 * segmentation only moves forward, so fixes older than its state are stored and wait for this:
 * the same motion and segmentation steps re-run over the accepted history in time order, from a
 * point where the state is known (the start of the last stored stop before the late fix's
 * local day, else the tracker's first fix), and the rows from there replace what was stored.
 * The current position is not touched; only the odometer grows by the distance the late fixes
 * add, and the ongoing trip or stop is the rebuilt one. Where that point is older than the
 * account thins its history, nothing is rebuilt: the late fixes go to history only.
 */
export interface RebuildInput {
  deviceId: number;
  accountId: number;
  /** The account's zone, whose local days the summaries count. */
  zone: string;
  /** The oldest late fix. */
  from: Date;
  state: DeviceState;
  geofences: AccountGeofenceIndex;
}

interface HistoryRow {
  fix_time: Date;
  lat: number;
  lng: number;
  fix: Fix;
  speed: number | null;
  accuracy: number | null;
  ignition: boolean | null;
  odometer: number | null;
  address: string | null;
  attributes: Record<string, number | string | boolean> | null;
}

/** The new state of the tracker once its rows are rebuilt, or null when there was nothing to. */
export async function rebuildTrips(db: Db, input: RebuildInput): Promise<DeviceState | null> {
  const { deviceId, state } = input;
  const live = state.segment;
  if (!live) return null;
  const days = new ZoneDays(input.zone);
  const dayStart = days.startOfDay(days.dayOf(input.from.getTime()));
  let restart = await restartPoint(db, deviceId, live, dayStart);
  let rows = await history(db, deviceId, restart, live.last.time);
  // The stop's first fix is no longer accepted (a later fix proved it a jump): from the start.
  if (restart !== null && rows[0] && rowTime(rows[0]) !== restart) {
    restart = null;
    rows = await history(db, deviceId, null, live.last.time);
  }
  if (rows.length === 0) return null;
  // Where the account thins its history the rows before the thinning stay as they were made.
  const thinned = await thinnedBefore(db, input.accountId, new Date());
  if (thinned !== null && rowTime(rows[0]!) < thinned) return null;

  const out = new SegmentOutput();
  const segment = segmentHistory(
    rows.map((row) => positionOf(row, input)),
    { odometer: await baseOdometer(db, input, rows[0]!), stopped: restart !== null },
    days,
    out,
  );
  // History and state disagree (the state's last fix is not stored): leave the rows as they are.
  if (!segment || segment.last.time !== live.last.time) return null;

  // With a restart point, the days before the late fix's are as stored (the run begins mid-day).
  const firstDay = restart === null ? null : days.dayOf(input.from.getTime());
  for (const day of [...out.days.keys()])
    if (firstDay !== null && day < firstDay) out.days.delete(day);
  const outputs = new TripOutputs();
  outputs.byDevice.set(deviceId, { accountId: input.accountId, out });
  const grown = segment.last.odometer - live.last.odometer;
  const next: DeviceState = {
    ...state,
    odometer: state.odometer + grown,
    segment,
    segmentPending: state.segmentPending && {
      ...state.segmentPending,
      odometer: state.segmentPending.odometer + grown,
    },
    // The state before the last fix carried the old segmentation: a jump-back check after a
    // rebuild would restore it, so it is given up (the speed filter still guards that fix).
    undo: null,
  };

  const fromIso = new Date(restart ?? 0).toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`DELETE FROM trips WHERE device_id = ${deviceId} AND start_time >= ${fromIso}`,
    );
    await tx.execute(
      sql`DELETE FROM device_stops WHERE device_id = ${deviceId} AND start_time >= ${fromIso}`,
    );
    // The filtered counts stay: filtered fixes are not part of the re-run.
    await tx.execute(sql`
      UPDATE daily_summaries SET distance = 0, driving_s = 0, idle_s = 0, stops = 0, trips = 0,
        max_speed = NULL, first_fix = NULL, last_fix = NULL, engine_hours = 0, fuel_used = 0
      WHERE device_id = ${deviceId} AND day >= ${firstDay ?? '0001-01-01'}::date`);
    await insertTrips(tx, outputs);
    await insertStops(tx, outputs);
    await addDailySummaries(tx, outputs);
    await tx.execute(sql`
      UPDATE current_positions SET odometer = ${next.odometer},
        pipeline_state = COALESCE(pipeline_state, '{}'::jsonb) || ${JSON.stringify({
          segment: next.segment && packSegmentState(next.segment),
          segmentPending: next.segmentPending && packSegmentFix(next.segmentPending),
        })}::jsonb
      WHERE device_id = ${deviceId}`);
  });
  return next;
}

/**
 * The motion and trips steps over one tracker's accepted fixes in time order, as the live
 * pipeline ran them: the odometer counts on from `start.odometer` along the non-cell fixes, a
 * cell fix stands at the fix before it, and the first fix opens a fresh segmentation, or a
 * stop known to begin there (`start.stopped`). What closed and what each day gained go into
 * `out`; answers the segmentation after the last fix (null: there were only cell fixes).
 */
export function segmentHistory(
  positions: readonly Position[],
  start: { odometer: number; stopped: boolean },
  days: ZoneDays,
  out: SegmentOutput,
): SegmentState | null {
  const cell = (p: Position) => p.fix === 'cell';
  // As live, a tracker's first fixes count from its first non-cell one; a run restarting at a
  // stop begun by a cell fix has no fix before it to stand at, so that one stands where it
  // reports (only the stop's start point shows it).
  const from = start.stopped ? 0 : positions.findIndex((p) => !cell(p));
  if (from < 0) return null;
  const head = positions[from]!;
  // Of the motion step only its odometer is read here, so only that is stepped (building a
  // whole motion state per fix was half a rebuild's time).
  let odometer: Odometer = {
    metres: start.odometer,
    point: cell(head) ? null : { lat: head.lat, lng: head.lng },
  };
  const first = segmentFix(head, odometer.metres);
  let segment = start.stopped ? stoppedAt(first) : advanceSegment(null, first, days, out);
  for (let i = from + 1; i < positions.length; i++) {
    const position = positions[i]!;
    if (!cell(position)) odometer = advanceOdometer(odometer, position);
    const fix = segmentFixAfter(segment.last, position, odometer.metres)!;
    segment = advanceSegment(segment, fix, days, out);
  }
  return segment;
}

const rowTime = (row: HistoryRow) => new Date(row.fix_time).getTime();

/** The tracker's accepted fixes the trips step reads, from `from` to `to`. */
function history(db: Db, deviceId: number, from: number | null, to: number) {
  return queryRows<HistoryRow>(
    db,
    sql`SELECT fix_time, lat, lng, fix, speed, accuracy, ignition, odometer, address, attributes
      FROM positions
      WHERE device_id = ${deviceId} AND filter_reason IS NULL
        AND fix_time >= ${new Date(from ?? 0).toISOString()}
        AND fix_time <= ${new Date(to).toISOString()}
      ORDER BY fix_time`,
  );
}

/**
 * Where the re-run starts (epoch ms): the start of the last stop begun before `dayStart`,
 * stored or ongoing. Null: from the tracker's first fix.
 */
async function restartPoint(db: Db, deviceId: number, live: SegmentState, dayStart: number) {
  const [row] = await queryRows<{ start: Date | null }>(
    db,
    sql`SELECT max(start_time) AS start FROM device_stops
      WHERE device_id = ${deviceId} AND start_time < ${new Date(dayStart).toISOString()}`,
  );
  let restart = row?.start ? new Date(row.start).getTime() : null;
  if (live.phase === 'stop' && live.since.time < dayStart)
    restart = Math.max(restart ?? 0, live.since.time);
  return restart;
}

/** The odometer where the re-run starts: the stored fix's, else the trip that ended there. */
async function baseOdometer(db: Db, input: RebuildInput, row: HistoryRow) {
  if (row.odometer !== null) return row.odometer;
  const [trip] = await queryRows<{ end_odometer: number }>(
    db,
    sql`SELECT end_odometer FROM trips
      WHERE device_id = ${input.deviceId} AND end_time = ${new Date(row.fix_time).toISOString()}`,
  );
  return trip?.end_odometer ?? 0;
}

/** A stored fix as the motion and trips steps read it (geofences from the account's index). */
function positionOf(row: HistoryRow, input: RebuildInput): Position {
  const fixTime = new Date(row.fix_time);
  return {
    deviceId: input.deviceId,
    accountId: input.accountId,
    fixTime,
    receivedAt: fixTime,
    lat: row.lat,
    lng: row.lng,
    fix: row.fix,
    speed: row.speed,
    course: null,
    altitude: null,
    accuracy: row.accuracy,
    battery: null,
    charging: null,
    ignition: row.ignition,
    temperature: null,
    humidity: null,
    alarm: null,
    attributes: row.attributes,
    odometer: row.odometer,
    address: row.address,
    geofenceIds: input.geofences.containing(row.lat, row.lng),
    filterReason: null,
  };
}
