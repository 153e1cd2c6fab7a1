import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ALERT_CHANNELS } from '@waymark/domain';
import { accounts, users } from './identity';
import { deviceEvents } from './devices';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Each user's notification flags in each account (spec 001 §3); absent codes take defaults. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    value: smallint('value').notNull(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.account_id, t.code] }), index().on(t.account_id)],
);

/** A device event whose recipients were worked out (once, whoever heard it first). */
export const alertFanouts = pgTable('alert_fanouts', {
  event_id: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => deviceEvents.id, { onDelete: 'cascade' }),
  created_at: at('created_at').notNull().defaultNow(),
});

export const ALERT_DELIVERY_STATUSES = [
  /** Written with its fan-out; its job may not be queued yet (queued_at). */
  'queued',
  /** An attempt is sending it. */
  'sending',
  'sent',
  /** Over a rate limit: it waits for its digest. */
  'held',
  /** Went out inside a digest. */
  'digested',
  /** Part of an incident already told (geofence jitter) or too old: listed, never sent. */
  'skipped',
] as const;

/**
 * One alert to one user through one channel. The unique key (event, user, channel) is what
 * makes a second fan-out of the same event, by a retry or another process, send nothing.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event_id: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => deviceEvents.id, { onDelete: 'cascade' }),
    account_id: integer('account_id').notNull(),
    device_id: integer('device_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ALERT_CHANNELS }).notNull(),
    /** The address or phone number it goes to; null for the app. */
    recipient: text('recipient'),
    status: text('status', { enum: ALERT_DELIVERY_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The last failure's message (kept after a later success too). */
    error: text('error'),
    digest_id: bigint('digest_id', { mode: 'number' }),
    created_at: at('created_at').notNull().defaultNow(),
    queued_at: at('queued_at'),
    sent_at: at('sent_at'),
  },
  (t) => [
    unique().on(t.event_id, t.user_id, t.channel),
    index().on(t.user_id, t.channel, t.created_at),
    index()
      .on(t.created_at)
      .where(sql`queued_at IS NULL`),
  ],
);

/** Held alerts of one user and channel, sent together once it is due. */
export const alertDigests = pgTable(
  'alert_digests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ALERT_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    due_at: at('due_at').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
    /** Set when it is claimed for sending; a new digest collects what is held after. */
    sent_at: at('sent_at'),
  },
  (t) => [
    uniqueIndex()
      .on(t.account_id, t.user_id, t.channel)
      .where(sql`sent_at IS NULL`),
  ],
);

/**
 * An incident: geofence enters and exits of one tracker and geofence close together (a tracker
 * jittering across the edge) are one incident, told once.
 */
export const alertIncidents = pgTable('alert_incidents', {
  key: text('key').primaryKey(),
  account_id: integer('account_id').notNull(),
  first_event_id: bigint('first_event_id', { mode: 'number' }).notNull(),
  last_event_at: at('last_event_at').notNull(),
  events: integer('events').notNull().default(1),
});
