import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { SHIPMENT_EVENT_TYPES, SHIPMENT_STATUSES } from '@waymark/domain';
import { accounts } from './identity';
import { devices } from './devices';
import { geofences } from './geofences';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A planned trip of one tracker from a start location to an end location (spec 001 §3). */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    device_id: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    carrier: text('carrier'),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('not-started'),
    start_at: at('start_at').notNull(),
    /** The scheduled end. */
    end_at: at('end_at').notNull(),
    /** The newest predicted arrival (every one is kept in shipment_predictions). */
    estimated_end_at: at('estimated_end_at'),
    /** When the tracker left the start location (the shipment-begin event). */
    began_at: at('began_at'),
    ended_at: at('ended_at'),
    /** When the notify_at warning went out; cleared when the schedule moves it ahead. */
    notified_at: at('notified_at'),
    /** A deleted geofence leaves its side empty: the shipment then cannot arrive there. */
    from_geofence_id: integer('from_geofence_id').references(() => geofences.id, {
      onDelete: 'set null',
    }),
    /** { name, lat, lng } of a custom start address. */
    from_address: jsonb('from_address'),
    to_geofence_id: integer('to_geofence_id').references(() => geofences.id, {
      onDelete: 'set null',
    }),
    to_address: jsonb('to_address'),
    /** Hours before the scheduled end to notify; 0 for no notification. */
    notify_at: integer('notify_at').notNull().default(0),
    notification_emails: text('notification_emails')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notification_phone_numbers: text('notification_phone_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The public tracking page's key: unguessable, and the only way in without a login. */
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    archived_at: at('archived_at'),
    /**
     * Bumped by every change of status or schedule. The shipment clock writes a transition only
     * over the version it read, so an edit, an End or another process in between wins.
     */
    version: integer('version').notNull().default(0),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.account_id, t.start_at), index().on(t.device_id), index().on(t.status)],
);

/** What happened to a shipment; each also went to its tracker's device events. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shipment_id: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    event_type: text('event_type', { enum: SHIPMENT_EVENT_TYPES }).notNull(),
    description: text('description').notNull(),
    event_at: at('event_at').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** The same event among the tracker's (device_events.id). */
    device_event_id: bigint('device_event_id', { mode: 'number' }),
  },
  (t) => [index().on(t.shipment_id, t.event_at)],
);

/** Every predicted arrival, so the prediction's accuracy can be measured after arrival. */
export const shipmentPredictions = pgTable(
  'shipment_predictions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shipment_id: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** The time of the fix it was made from. */
    predicted_at: at('predicted_at').notNull(),
    estimated_end_at: at('estimated_end_at').notNull(),
    /** Great-circle metres to the end location's edge. */
    remaining_m: doublePrecision('remaining_m').notNull(),
    speed_mps: real('speed_mps').notNull(),
    /** What the remaining distance was multiplied by (the trip's own detour, or 1.2). */
    road_factor: real('road_factor').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [index().on(t.shipment_id, t.predicted_at)],
);

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;

/**
 * One e-mail or text message of a shipment event to one recipient. Written with the event, so
 * none is lost if the process stops before its job is queued (queued_at stays null and the
 * clock's scheduled job queues it); sent_at is set before sending, so a retry never sends twice.
 */
export const shipmentNotifications = pgTable(
  'shipment_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shipment_event_id: bigint('shipment_event_id', { mode: 'number' })
      .notNull()
      .references(() => shipmentEvents.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
    queued_at: at('queued_at'),
    sent_at: at('sent_at'),
  },
  (t) => [
    unique().on(t.shipment_event_id, t.channel, t.recipient),
    index().on(t.queued_at, t.created_at),
  ],
);
