import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ArrivalPrediction, ShipmentEventType, ShipmentStatus } from '@waymark/domain';
import { queryRows, type Db, type Tx } from '../../db/client';
import { deviceEvents, shipmentEvents, shipmentNotifications, shipments } from '../../db/schema';

type Executor = Db | Tx;

/** The columns a transition sets: the clock's fields and, for an edit, the edited ones. */
export type ShipmentWrite = Partial<
  Pick<
    typeof shipments.$inferInsert,
    | 'status'
    | 'began_at'
    | 'ended_at'
    | 'notified_at'
    | 'estimated_end_at'
    | 'name'
    | 'carrier'
    | 'start_at'
    | 'end_at'
    | 'notify_at'
    | 'notification_emails'
    | 'notification_phone_numbers'
  >
>;

/**
 * Writes the shipment only if it is still at `version` (and bumps it): true when written. An
 * edit, an End or another process that got there first wins; the loser reads again.
 */
export async function writeAtVersion(
  tx: Executor,
  id: number,
  version: number,
  values: ShipmentWrite,
): Promise<boolean> {
  const rows = await tx
    .update(shipments)
    .set({ ...values, version: sql`${shipments.version} + 1`, updated_at: new Date() })
    .where(and(eq(shipments.id, id), eq(shipments.version, version)))
    .returning({ id: shipments.id });
  return rows.length > 0;
}

export interface EventInsert {
  accountId: number;
  deviceId: number;
  shipmentId: number;
  type: ShipmentEventType;
  description: string;
  at: Date;
  lat: number | null;
  lng: number | null;
}

/**
 * The events, each among its tracker's device events and the shipment's own (linked), in the
 * order given; answers the device event ids and the shipment event ids.
 */
export async function insertEvents(tx: Executor, events: readonly EventInsert[]) {
  if (events.length === 0) return [];
  const device = await tx
    .insert(deviceEvents)
    .values(
      events.map((e) => ({
        account_id: e.accountId,
        device_id: e.deviceId,
        event_type: e.type,
        description: e.description,
        lat: e.lat,
        lng: e.lng,
        created_at: e.at,
      })),
    )
    .returning({ id: deviceEvents.id });
  const own = await tx
    .insert(shipmentEvents)
    .values(
      events.map((e, i) => ({
        shipment_id: e.shipmentId,
        event_type: e.type,
        description: e.description,
        event_at: e.at,
        lat: e.lat,
        lng: e.lng,
        device_event_id: device[i]!.id,
      })),
    )
    .returning({ id: shipmentEvents.id });
  return events.map((_, i) => ({ deviceEventId: device[i]!.id, shipmentEventId: own[i]!.id }));
}

export interface NotificationInsert {
  shipmentEventId: number;
  channel: 'email' | 'sms';
  recipient: string;
}

export async function insertNotifications(tx: Executor, rows: readonly NotificationInsert[]) {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(shipmentNotifications)
    .values(
      rows.map((r) => ({
        shipment_event_id: r.shipmentEventId,
        channel: r.channel,
        recipient: r.recipient,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: shipmentNotifications.id });
  return inserted.map((r) => r.id);
}

export async function markQueued(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .update(shipmentNotifications)
    .set({ queued_at: new Date() })
    .where(inArray(shipmentNotifications.id, [...ids]));
}

/** Notifications whose job was never queued (the process stopped in between). */
export async function unqueuedNotificationIds(db: Db, before: Date) {
  const rows = await db
    .select({ id: shipmentNotifications.id })
    .from(shipmentNotifications)
    .where(
      and(isNull(shipmentNotifications.queued_at), lt(shipmentNotifications.created_at, before)),
    )
    .limit(10_000);
  return rows.map((r) => r.id);
}

export interface ClaimedNotification {
  channel: 'email' | 'sms';
  recipient: string;
  description: string;
  event_type: ShipmentEventType;
  name: string;
  uuid: string;
  end_at: Date | string;
  status: ShipmentStatus;
  /** The zone of the account member with the recipient's address, null for anyone else. */
  time_zone: string | null;
}

/** What a notification still to send says; undefined once it went to the outbox. */
export async function notificationToSend(db: Db, id: number) {
  const [row] = await queryRows<ClaimedNotification>(
    db,
    sql`SELECT n.channel, n.recipient, e.description, e.event_type, s.name, s.uuid, s.end_at,
          s.status,
          -- A recipient who is a member of the account reads times on their profile's clock.
          (SELECT tz.identifier FROM users u
             JOIN account_memberships m ON m.user_id = u.id AND m.account_id = s.account_id
             JOIN timezones tz ON tz.id = u.timezone_id
            WHERE u.email = lower(n.recipient) LIMIT 1) AS time_zone
        FROM shipment_notifications n
        JOIN shipment_events e ON e.id = n.shipment_event_id
        JOIN shipments s ON s.id = e.shipment_id
        WHERE n.id = ${id} AND n.sent_at IS NULL`,
  );
  return row;
}

/** The notification's message is in the outbox (which sends and retries it). */
export async function markNotificationSent(db: Db, id: number) {
  await db
    .update(shipmentNotifications)
    .set({ sent_at: new Date() })
    .where(eq(shipmentNotifications.id, id));
}

/** A prediction to keep, times in epoch ms. */
export interface PredictionInsert extends ArrivalPrediction {
  shipmentId: number;
  /** False for a heartbeat: kept in the history, the shipment's stored estimate left as it is. */
  moved?: boolean;
}

/** A prediction of the domain's rules as a row of shipment_predictions. */
export function predictionRow(
  shipmentId: number,
  p: ArrivalPrediction,
  moved?: boolean,
): PredictionInsert {
  return {
    shipmentId,
    at: p.at,
    estimatedEndAt: p.estimatedEndAt,
    remainingM: p.remainingM,
    speedMps: p.speedMps,
    roadFactor: p.roadFactor,
    lat: p.lat,
    lng: p.lng,
    ...(moved !== undefined && { moved }),
  };
}

/**
 * Keeps the predictions in the history and sets each ongoing shipment's newest estimate that
 * moved, in one statement for a whole batch of positions. Times go as epoch milliseconds in
 * number arrays: formatting and quoting two dates per row was most of the write's cost in
 * this process (bench:shipments).
 */
export async function recordPredictions(tx: Executor, rows: readonly PredictionInsert[]) {
  if (rows.length === 0) return;
  const col = (pick: (r: PredictionInsert) => number) => sql.param(rows.map(pick));
  // The newest that moved, per shipment: a batch may hold several fixes of one tracker.
  const newest = new Map<number, PredictionInsert>();
  for (const r of rows) if (r.moved !== false) newest.set(r.shipmentId, r);
  const last = [...newest.values()];
  await tx.execute(sql`
    WITH kept AS (
      INSERT INTO shipment_predictions (shipment_id, predicted_at, estimated_end_at, remaining_m,
        speed_mps, road_factor, lat, lng)
      SELECT id, to_timestamp(at_ms / 1000), to_timestamp(end_ms / 1000), remaining_m, speed_mps,
        road_factor, lat, lng
      FROM unnest(${col((r) => r.shipmentId)}::int[], ${col((r) => r.at)}::float8[],
        ${col((r) => r.estimatedEndAt)}::float8[], ${col((r) => r.remainingM)}::float8[],
        ${col((r) => r.speedMps)}::real[], ${col((r) => r.roadFactor)}::real[],
        ${col((r) => r.lat)}::float8[], ${col((r) => r.lng)}::float8[])
        AS u(id, at_ms, end_ms, remaining_m, speed_mps, road_factor, lat, lng))
    UPDATE shipments s SET estimated_end_at = to_timestamp(u.end_ms / 1000)
    FROM unnest(${sql.param(last.map((r) => r.shipmentId))}::int[],
      ${sql.param(last.map((r) => r.estimatedEndAt))}::float8[]) AS u(id, end_ms)
    WHERE s.id = u.id AND s.ended_at IS NULL`);
}

/** Shipments whose notify time or deadline has come while ongoing: the scheduled job's work. */
export async function dueShipmentIds(db: Db, now: Date) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM shipments
        WHERE status IN ('not-started', 'in-progress', 'running-late')
          AND ((status <> 'running-late' AND end_at <= ${now.toISOString()}::timestamptz)
            OR (notify_at > 0 AND notified_at IS NULL
              AND end_at - make_interval(hours => notify_at) <= ${now.toISOString()}::timestamptz
              AND end_at > ${now.toISOString()}::timestamptz))
        LIMIT 10000`,
  );
  return rows.map((r) => r.id);
}

/** The tracker's fixes in a time range, oldest first (at most `limit`): what catching up reads. */
export async function fixesBetween(
  db: Db,
  deviceId: number,
  from: Date,
  to: Date,
  limit = 100_000,
) {
  const rows = await queryRows<{
    fix_time: Date | string;
    lat: number;
    lng: number;
    accuracy: number | null;
  }>(
    db,
    sql`SELECT fix_time, lat, lng, accuracy FROM positions
        WHERE device_id = ${deviceId} AND fix_time >= ${from.toISOString()}::timestamptz
          AND fix_time <= ${to.toISOString()}::timestamptz AND filter_reason IS NULL
        ORDER BY fix_time LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    time: new Date(r.fix_time).getTime(),
    lat: r.lat,
    lng: r.lng,
    accuracy: r.accuracy,
  }));
}

interface FixRow {
  fix_time: Date | string;
  lat: number;
  lng: number;
  accuracy: number | null;
}

const clockFix = (r: FixRow) => ({
  time: new Date(r.fix_time).getTime(),
  lat: r.lat,
  lng: r.lng,
  accuracy: r.accuracy,
});

/** The tracker's newest fix before `before`, or null: where it was when a shipment started. */
export async function lastFixBefore(db: Db, deviceId: number, before: Date) {
  const [row] = await queryRows<FixRow>(
    db,
    sql`SELECT fix_time, lat, lng, accuracy FROM positions
        WHERE device_id = ${deviceId} AND fix_time < ${before.toISOString()}::timestamptz
        ORDER BY fix_time DESC LIMIT 1`,
  );
  return row ? clockFix(row) : null;
}

/** Each tracker's newest fix (its current position), by tracker. */
export async function newestFixes(db: Db, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) return new Map<number, ReturnType<typeof clockFix>>();
  const rows = await queryRows<FixRow & { device_id: number }>(
    db,
    sql`SELECT device_id, fix_time, lat, lng, accuracy FROM current_positions
        WHERE device_id IN (${sql.join(
          deviceIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.device_id, clockFix(r)]));
}
