import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AlertChannel } from '@waymark/domain';
import { queryRows, type Db, type Tx } from '../../db/client';
import { alertDeliveries, alertDigests, alertFanouts } from '../../db/schema';

type Executor = Db | Tx;
const rows = <T>(db: Executor, query: ReturnType<typeof sql>) => queryRows<T>(db as Db, query);

/** A device event as the fan-out reads it, with what decides who hears of it. */
export interface FanoutEvent {
  id: number;
  account_id: number;
  device_id: number;
  device_name: string;
  device_group_ids: number[];
  event_type: string;
  description: string;
  geofence_id: number | null;
  lat: number | null;
  lng: number | null;
  created_at: string;
}

/** The events among `ids` whose recipients were not worked out yet. */
export async function eventsToFanOut(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return rows<FanoutEvent>(
    db,
    sql`SELECT e.id::int AS id, e.account_id, e.device_id, d.name AS device_name,
               d.group_ids AS device_group_ids, e.event_type, e.description, e.geofence_id,
               e.lat, e.lng, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
        FROM device_events e JOIN devices d ON d.id = e.device_id
        WHERE e.id = ANY(${sql.param(ids.map(Number))}::bigint[])
          AND NOT EXISTS (SELECT 1 FROM alert_fanouts f WHERE f.event_id = e.id)
        ORDER BY e.id`,
  );
}

/**
 * Serialises fan-outs of one account (rate counts and incidents are read, then written), across
 * processes too; released with the transaction.
 */
export async function lockAccountAlerts(tx: Tx, accountId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7142, ${accountId})`);
}

/** The accounts among `accountIds` where someone turned on an alert of trackers. */
export async function accountsListening(db: Executor, accountIds: readonly number[]) {
  if (accountIds.length === 0) return new Set<number>();
  const found = await rows<{ account_id: number }>(
    db,
    sql`SELECT DISTINCT account_id FROM notification_settings
        WHERE account_id = ANY(${sql.param([...accountIds])}::int[]) AND value = 1
          AND code IN ('notify_geofence_enter_exit', 'notify_low_charge', 'notify_device_alert',
                       'notify_shipment_begin_end_late')`,
  );
  return new Set(found.map((r) => r.account_id));
}

/** Marks events fanned out that nobody listens to, in one statement. */
export async function markAllFannedOut(db: Executor, eventIds: readonly number[]) {
  if (eventIds.length === 0) return;
  await db
    .insert(alertFanouts)
    .values(eventIds.map((id) => ({ event_id: id })))
    .onConflictDoNothing();
}

/** Marks the event fanned out; false when someone else already did it. */
export async function markFannedOut(tx: Tx, eventId: number) {
  const inserted = await tx
    .insert(alertFanouts)
    .values({ event_id: eventId })
    .onConflictDoNothing()
    .returning({ id: alertFanouts.event_id });
  return inserted.length > 0;
}

/** A member of the account with their contact, device access and stored notification codes. */
export interface AlertMember {
  user_id: number;
  email: string;
  phone: string | null;
  role: 'admin' | 'manager' | 'user' | 'viewer';
  full_device_access: boolean;
  device_ids: number[];
  group_ids: number[];
  settings: Record<string, number>;
}

export async function accountMembers(db: Executor, accountId: number) {
  return rows<AlertMember>(
    db,
    sql`SELECT u.id AS user_id, u.email, u.phone, m.role, m.full_device_access, m.device_ids,
               m.group_ids,
               coalesce(json_object_agg(ns.code, ns.value) FILTER (WHERE ns.code IS NOT NULL),
                        '{}'::json) AS settings
        FROM account_memberships m
        JOIN users u ON u.id = m.user_id
        LEFT JOIN notification_settings ns
          ON ns.user_id = m.user_id AND ns.account_id = m.account_id
        WHERE m.account_id = ${accountId}
        GROUP BY u.id, u.email, u.phone, m.role, m.full_device_access, m.device_ids, m.group_ids
        ORDER BY u.id`,
  );
}

/**
 * One step of an incident (geofence jitter): opens it when there is none or the last event is
 * older than `quietMinutes`, else extends it. True when this event opened it (it is told).
 */
export async function openOrExtendIncident(
  tx: Tx,
  key: string,
  event: { id: number; account_id: number; created_at: string },
  quietMinutes: number,
) {
  const [row] = await rows<{ first_event_id: string | number }>(
    tx,
    sql`INSERT INTO alert_incidents (key, account_id, first_event_id, last_event_at)
        VALUES (${key}, ${event.account_id}, ${event.id}, ${event.created_at}::timestamptz)
        ON CONFLICT (key) DO UPDATE SET
          first_event_id = CASE
            WHEN alert_incidents.last_event_at
                 < excluded.last_event_at - make_interval(mins => ${quietMinutes})
            THEN excluded.first_event_id ELSE alert_incidents.first_event_id END,
          events = CASE
            WHEN alert_incidents.last_event_at
                 < excluded.last_event_at - make_interval(mins => ${quietMinutes})
            THEN 1 ELSE alert_incidents.events + 1 END,
          last_event_at = greatest(alert_incidents.last_event_at, excluded.last_event_at)
        RETURNING first_event_id`,
  );
  return Number(row?.first_event_id) === event.id;
}

/** Messages through a channel counted against the limits: queued, being sent or sent. */
export async function recentCounts(
  tx: Tx,
  userId: number,
  deviceId: number,
  channel: AlertChannel,
  since: Date,
) {
  const [row] = await rows<{ to_user: number; for_tracker: number }>(
    tx,
    sql`SELECT count(*)::int AS to_user,
               (count(*) FILTER (WHERE device_id = ${deviceId}))::int AS for_tracker
        FROM alert_deliveries
        WHERE user_id = ${userId} AND channel = ${channel}
          AND status IN ('queued', 'sending', 'sent')
          AND created_at > ${since.toISOString()}::timestamptz`,
  );
  return { toUser: row?.to_user ?? 0, forTracker: row?.for_tracker ?? 0 };
}

/** The digest collecting what is held for the user and channel, opened if there is none. */
export async function openDigest(
  tx: Tx,
  values: {
    account_id: number;
    user_id: number;
    channel: AlertChannel;
    recipient: string;
    due_at: Date;
  },
) {
  const [existing] = await tx
    .select({ id: alertDigests.id, due_at: alertDigests.due_at })
    .from(alertDigests)
    .where(
      and(
        eq(alertDigests.account_id, values.account_id),
        eq(alertDigests.user_id, values.user_id),
        eq(alertDigests.channel, values.channel),
        isNull(alertDigests.sent_at),
      ),
    );
  if (existing) return { id: existing.id, due_at: existing.due_at, opened: false };
  const [created] = await tx
    .insert(alertDigests)
    .values(values)
    .returning({ id: alertDigests.id, due_at: alertDigests.due_at });
  return { id: created!.id, due_at: created!.due_at, opened: true };
}

export type DeliveryInsert = typeof alertDeliveries.$inferInsert;

/** Stores deliveries; one already there for the same event, user and channel stays as it is. */
export async function insertDeliveries(tx: Tx, values: readonly DeliveryInsert[]) {
  if (values.length === 0) return [];
  return tx
    .insert(alertDeliveries)
    .values([...values])
    .onConflictDoNothing()
    .returning({ id: alertDeliveries.id, status: alertDeliveries.status });
}

export async function markQueued(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .update(alertDeliveries)
    .set({ queued_at: new Date() })
    .where(inArray(alertDeliveries.id, [...ids]));
}

/** A delivery being sent, with its event and tracker. */
export interface ClaimedDelivery {
  id: number;
  account_id: number;
  user_id: number;
  channel: AlertChannel;
  recipient: string | null;
  event_id: number;
  device_id: number;
  device_name: string;
  event_type: string;
  description: string;
  lat: number | null;
  lng: number | null;
  created_at: string;
  /** The recipient's zone from their profile, null when they chose none. */
  time_zone: string | null;
}

/**
 * Takes a delivery for sending: one queued, or one an attempt that died left 'sending'.
 * Sent, held and skipped ones answer nothing, so a retried job sends nothing twice.
 */
export async function claimDelivery(db: Db, id: number) {
  const [row] = await queryRows<ClaimedDelivery>(
    db,
    sql`UPDATE alert_deliveries a SET status = 'sending', attempts = a.attempts + 1
        FROM device_events e JOIN devices d ON d.id = e.device_id
        WHERE a.id = ${id} AND a.status IN ('queued', 'sending') AND e.id = a.event_id
        RETURNING a.id::int AS id, a.account_id, a.user_id, a.channel, a.recipient,
                  e.id::int AS event_id, e.device_id, d.name AS device_name, e.event_type,
                  e.description, e.lat, e.lng,
                  (SELECT tz.identifier FROM users u JOIN timezones tz ON tz.id = u.timezone_id
                    WHERE u.id = a.user_id) AS time_zone,
                  to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`,
  );
  return row;
}

export async function markSent(db: Db, id: number) {
  await db
    .update(alertDeliveries)
    .set({ status: 'sent', sent_at: new Date() })
    .where(eq(alertDeliveries.id, id));
}

/** Gives a failed attempt's delivery back to the queue, with the failure's message. */
export async function releaseDelivery(db: Db, id: number, error: string) {
  await db
    .update(alertDeliveries)
    .set({ status: 'queued', error: error.slice(0, 1000) })
    .where(eq(alertDeliveries.id, id));
}

/** A digest still to send (undefined once it went): its recipient and channel. */
export async function digestToSend(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(alertDigests)
    .where(and(eq(alertDigests.id, id), isNull(alertDigests.sent_at)));
  return row;
}

/** The digest went to the outbox: the next held alert opens a new one. */
export async function markDigestSent(db: Db, id: number) {
  await db
    .update(alertDigests)
    .set({ sent_at: new Date() })
    .where(and(eq(alertDigests.id, id), isNull(alertDigests.sent_at)));
}

/** The held alerts of a digest, oldest first. */
export async function heldAlerts(db: Db, digestId: number) {
  return queryRows<{ id: number; created_at: string; device_name: string; description: string }>(
    db,
    sql`SELECT a.id::int AS id, d.name AS device_name, e.description,
               to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
        FROM alert_deliveries a
        JOIN device_events e ON e.id = a.event_id
        JOIN devices d ON d.id = a.device_id
        WHERE a.digest_id = ${digestId} AND a.status = 'held'
        ORDER BY e.created_at, e.id`,
  );
}

export async function markDigested(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .update(alertDeliveries)
    .set({ status: 'digested', sent_at: new Date() })
    .where(inArray(alertDeliveries.id, [...ids]));
}

/** What the sweep picks up: deliveries never queued, digests overdue, events never fanned out. */
export async function leftBehind(db: Db, before: Date, since: Date) {
  const deliveries = await db
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(
      and(
        isNull(alertDeliveries.queued_at),
        eq(alertDeliveries.status, 'queued'),
        lt(alertDeliveries.created_at, before),
      ),
    )
    .limit(10_000);
  const digests = await db
    .select({ id: alertDigests.id })
    .from(alertDigests)
    .where(and(isNull(alertDigests.sent_at), lt(alertDigests.due_at, before)))
    .limit(1_000);
  // The newest events only (by id, on the primary key): what a stop between a commit and the
  // queueing of its fan-out can have left.
  const events = await queryRows<{ id: number }>(
    db,
    sql`SELECT e.id::int AS id FROM device_events e
        WHERE e.id > (SELECT coalesce(max(id), 0) - 5000 FROM device_events)
          AND e.created_at > ${since.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM alert_fanouts f WHERE f.event_id = e.id)
        ORDER BY e.id LIMIT 5000`,
  );
  return {
    deliveries: deliveries.map((d) => d.id),
    digests: digests.map((d) => d.id),
    events: events.map((e) => e.id),
  };
}

/** The zone of the user's profile (an IANA name), null when they chose none. */
export async function userTimeZone(db: Db, userId: number): Promise<string | null> {
  const [row] = await queryRows<{ identifier: string }>(
    db,
    sql`SELECT tz.identifier FROM users u JOIN timezones tz ON tz.id = u.timezone_id
        WHERE u.id = ${userId}`,
  );
  return row?.identifier ?? null;
}
