import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import {
  accountMemberships,
  deviceGroups,
  reportScheduleSends,
  reportSchedules,
  users,
} from '../../db/schema';

export type ReportScheduleRow = typeof reportSchedules.$inferSelect & {
  last_sent_at: Date | string | null;
};

const lastSent = sql<Date | string | null>`(
  SELECT max(s.sent_at) FROM ${reportScheduleSends} s WHERE s.schedule_id = ${reportSchedules.id}
)`;

/** The account's schedules, newest first, or the one with `id`. */
export function scheduleRows(db: Db, accountId: number, id?: number) {
  return db
    .select({
      id: reportSchedules.id,
      account_id: reportSchedules.account_id,
      name: reportSchedules.name,
      report: reportSchedules.report,
      frequency: reportSchedules.frequency,
      format: reportSchedules.format,
      device_ids: reportSchedules.device_ids,
      group_ids: reportSchedules.group_ids,
      user_ids: reportSchedules.user_ids,
      emails: reportSchedules.emails,
      created_by: reportSchedules.created_by,
      created_at: reportSchedules.created_at,
      edited_at: reportSchedules.edited_at,
      frequency_from: reportSchedules.frequency_from,
      last_sent_at: lastSent,
    })
    .from(reportSchedules)
    .where(
      id === undefined
        ? eq(reportSchedules.account_id, accountId)
        : and(eq(reportSchedules.account_id, accountId), eq(reportSchedules.id, id)),
    )
    .orderBy(desc(reportSchedules.id));
}

export async function insertSchedule(db: Db, values: typeof reportSchedules.$inferInsert) {
  const [row] = await db
    .insert(reportSchedules)
    .values(values)
    .returning({ id: reportSchedules.id });
  return row!.id;
}

/** An edit: what the schedule reports and to whom, and the clock it counts periods from. */
export async function updateSchedule(
  db: Db,
  accountId: number,
  id: number,
  values: Omit<typeof reportSchedules.$inferInsert, 'account_id' | 'created_by' | 'created_at'>,
) {
  await db
    .update(reportSchedules)
    .set(values)
    .where(and(eq(reportSchedules.account_id, accountId), eq(reportSchedules.id, id)));
}

/**
 * Rows of recipients no longer in the schedule that are still to go: skipped, so an edit that
 * takes someone off stops what was queued for them.
 */
export async function skipRemovedRecipients(db: Db, id: number, recipients: string[]) {
  await db
    .update(reportScheduleSends)
    .set({ status: 'skipped', error: 'taken off the schedule' })
    .where(
      and(
        eq(reportScheduleSends.schedule_id, id),
        eq(reportScheduleSends.status, 'pending'),
        sql`NOT (${reportScheduleSends.recipient} = ANY(${sql.param(recipients)}::text[]))`,
      ),
    );
}

/** The users of the account, by name: whom a schedule can mail. */
export function accountRecipients(db: Db, accountId: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.user_id))
    .where(eq(accountMemberships.account_id, accountId))
    .orderBy(users.name, users.id);
}

export async function deleteSchedule(db: Db, accountId: number, id: number) {
  await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.account_id, accountId), eq(reportSchedules.id, id)));
}

/** The ids among `ids` of members of the account. */
export async function membersAmong(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: accountMemberships.user_id })
    .from(accountMemberships)
    .where(
      and(
        eq(accountMemberships.account_id, accountId),
        sql`${accountMemberships.user_id} = ANY(${sql.param(ids)}::int[])`,
      ),
    );
  return rows.map((r) => r.id);
}

/** The ids among `ids` of groups of the account. */
export async function groupsAmong(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(
      and(
        eq(deviceGroups.account_id, accountId),
        sql`${deviceGroups.id} = ANY(${sql.param(ids)}::int[])`,
      ),
    );
  return rows.map((r) => r.id);
}

/** A recipient of a schedule and the zone their periods are counted in. */
export interface RecipientRow {
  schedule_id: number;
  frequency: string;
  created_at: Date | string;
  edited_at: Date | string | null;
  frequency_from: Date | string | null;
  recipient: string;
  zone: string;
}

/**
 * Every recipient of every schedule with their zone: a user's profile zone, else the
 * account's, else UTC; an address has the account's.
 */
export function scheduleRecipients(db: Db, scheduleId?: number) {
  const only = scheduleId === undefined ? sql`TRUE` : sql`s.id = ${scheduleId}`;
  return queryRows<RecipientRow>(
    db,
    sql`WITH r AS (
          SELECT s.id AS schedule_id, s.frequency, s.created_at, s.edited_at, s.frequency_from,
                 s.account_id, 'user:' || u.id AS recipient, uz.identifier AS user_zone
          FROM report_schedules s
          CROSS JOIN LATERAL unnest(s.user_ids) AS member(id)
          JOIN users u ON u.id = member.id
          LEFT JOIN timezones uz ON uz.id = u.timezone_id
          WHERE ${only}
          UNION ALL
          SELECT s.id, s.frequency, s.created_at, s.edited_at, s.frequency_from, s.account_id,
                 'email:' || lower(e.address), NULL
          FROM report_schedules s CROSS JOIN LATERAL unnest(s.emails) AS e(address)
          WHERE ${only}
        )
        SELECT r.schedule_id, r.frequency, r.created_at, r.edited_at, r.frequency_from,
               r.recipient, coalesce(r.user_zone, az.identifier, 'UTC') AS zone
        FROM r JOIN accounts a ON a.id = r.account_id
        LEFT JOIN timezones az ON az.id = a.timezone_id`,
  );
}

export interface SendKey {
  schedule_id: number;
  recipient: string;
  period: string;
}

/** Claims the periods due: inserts their rows, answers the ones this call inserted. */
export async function insertSends(
  db: Db,
  sends: (SendKey & { period_to: string; zone: string })[],
): Promise<SendKey[]> {
  if (sends.length === 0) return [];
  return db.insert(reportScheduleSends).values(sends).onConflictDoNothing().returning({
    schedule_id: reportScheduleSends.schedule_id,
    recipient: reportScheduleSends.recipient,
    period: reportScheduleSends.period,
  });
}

const keyIs = (key: SendKey) =>
  and(
    eq(reportScheduleSends.schedule_id, key.schedule_id),
    eq(reportScheduleSends.recipient, key.recipient),
    eq(reportScheduleSends.period, key.period),
  );

/** Pending rows whose job was never queued (a process stopped between claim and queue). */
export function unqueuedSends(db: Db) {
  return queryRows<SendKey>(
    db,
    sql`SELECT schedule_id, recipient, period FROM report_schedule_sends
        WHERE status = 'pending' AND queued_at IS NULL
        ORDER BY created_at LIMIT 1000`,
  );
}

export async function markQueued(db: Db, key: SendKey) {
  await db.update(reportScheduleSends).set({ queued_at: new Date() }).where(keyIs(key));
}

export type ClaimedSend = typeof reportScheduleSends.$inferSelect;

/**
 * pending → sending; undefined once sent or skipped. A row left `sending` by a process that
 * died is taken again by the job's retry: the mail's key keeps a second copy out.
 */
export async function claimSend(db: Db, key: SendKey): Promise<ClaimedSend | undefined> {
  const [row] = await db
    .update(reportScheduleSends)
    .set({ status: 'sending' })
    .where(and(keyIs(key), sql`${reportScheduleSends.status} IN ('pending', 'sending')`))
    .returning();
  return row;
}

export async function finishSend(db: Db, key: SendKey, status: 'sent' | 'skipped', note?: string) {
  await db
    .update(reportScheduleSends)
    .set({ status, sent_at: status === 'sent' ? new Date() : null, error: note ?? null })
    .where(keyIs(key));
}

/** Gives a failed send back to the job's retry, with what went wrong. */
export async function releaseSend(db: Db, key: SendKey, error: string) {
  await db.update(reportScheduleSends).set({ status: 'pending', error }).where(keyIs(key));
}

/** The schedule of a send (undefined once deleted). */
export async function scheduleOf(db: Db, id: number) {
  const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
  return row;
}
