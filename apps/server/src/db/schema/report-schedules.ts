import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './identity';

/**
 * Scheduled fleet reports (modules/report-schedules): which report, of which trackers or
 * groups (none: every tracker the reader sees), how often, as which file, to whom.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** trips | stops | summary */
    report: text('report').notNull(),
    /** daily | weekly | monthly */
    frequency: text('frequency').notNull(),
    /** xlsx | pdf */
    format: text('format').notNull(),
    device_ids: integer('device_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    group_ids: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    user_ids: integer('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    emails: text('emails')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Whose view of the account an address's report is made with; null once they are gone. */
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When it was last changed: periods that ended before were claimed under what it was, so
     * its recipients' periods count from here (an added recipient gets none from before).
     */
    edited_at: timestamp('edited_at', { withTimezone: true }),
    /**
     * When its frequency last changed: it counts from the first period of the new frequency
     * that begins after, so no day is reported on in two lengths under one key.
     */
    frequency_from: timestamp('frequency_from', { withTimezone: true }),
  },
  (t) => [
    index().on(t.account_id),
    check('report_schedules_report', sql`${t.report} IN ('trips', 'stops', 'summary')`),
    check('report_schedules_frequency', sql`${t.frequency} IN ('daily', 'weekly', 'monthly')`),
    check('report_schedules_format', sql`${t.format} IN ('xlsx', 'pdf')`),
  ],
);

/**
 * One period's report to one recipient: the claim that makes it go once. The sweep inserts
 * the row (a second sweep, a restarted process or another one finds it and does nothing), the
 * job claims it (pending → sending), mails with the row as the idempotency key, marks it sent.
 */
export const reportScheduleSends = pgTable(
  'report_schedule_sends',
  {
    schedule_id: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    /** `user:<id>` or `email:<address>`. */
    recipient: text('recipient').notNull(),
    /** The period's first local day in the recipient's zone (YYYY-MM-DD). */
    period: text('period').notNull(),
    period_to: text('period_to').notNull(),
    zone: text('zone').notNull(),
    /** pending | sending | sent | skipped */
    status: text('status').notNull().default('pending'),
    /** When its job was queued; null: the sweep queues it (a process stopped in between). */
    queued_at: timestamp('queued_at', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schedule_id, t.recipient, t.period] })],
);
