import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Who does the once-per-installation work now (docs/architecture.md, "Roles and leases"): one
 * row a lease, taken and renewed by one conditional upsert, so two processes never both hold
 * it; a holder that stops renewing loses it once `expires_at` (the database's clock) passes.
 */
export const installationLeases = pgTable('installation_leases', {
  name: text('name').primaryKey(),
  /** The holding process: host, pid and a random part, so a restarted process is another. */
  holder: text('holder').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Each scheduled round (a schedule's name and the cron slot it stands for) as the lease holder
 * recorded it: one row a round, so none is queued twice, and its job id (from the name and the
 * slot), so a round recorded by a holder that died before queueing it is queued by the next.
 */
export const scheduledRounds = pgTable(
  'scheduled_rounds',
  {
    name: text('name').notNull(),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    job_id: uuid('job_id').notNull(),
    /** The lease holder that recorded it. */
    holder: text('holder').notNull(),
    queued: boolean('queued').notNull().default(false),
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
);

/**
 * How far each partition of the position stream has been stored (docs/architecture.md, "The
 * position stream"): the stream sequence of the last message whose reports a worker
 * committed, written in the same transaction as those reports. A message redelivered after a
 * worker died is at or below it and is skipped, so every report is stored exactly once.
 */
export const streamOffsets = pgTable(
  'stream_offsets',
  {
    stream: text('stream').notNull(),
    partition: integer('partition').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.stream, t.partition] })],
);
