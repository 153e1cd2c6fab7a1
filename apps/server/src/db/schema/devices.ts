import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './identity';

export const PROTOCOLS = [
  'osmand',
  'gt06',
  'teltonika',
  'h02',
  'gps103',
  'watch',
  'queclink',
  'meitrack',
  'jt808',
  'wialon',
  'suntech',
  'istartek',
  'ruptela',
  'topflytech',
  'navtelecom',
  'galileosky',
  'jt600',
] as const;
export type Protocol = (typeof PROTOCOLS)[number];

export const models = pgTable('models', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** Hardware family, e.g. `ll02` (Mobile 200) or `vl501` (Car Charger). */
  device_type: text('device_type').notNull().unique(),
  protocol: text('protocol', { enum: PROTOCOLS }).notNull(),
  has_temperature: boolean('has_temperature').notNull().default(false),
  has_humidity: boolean('has_humidity').notNull().default(false),
  /** Hears BLE beacons (a gateway that places tags at anchors): device-list's `ble_support`. */
  ble_support: boolean('ble_support').notNull().default(false),
  /** A tracker is overdue when its last fix plus this many minutes is in the past. */
  expected_report_minutes: integer('expected_report_minutes').notNull().default(60),
  thumbnail_path: text('thumbnail_path'),
});

export const SUBSCRIPTION_STATUSES = [
  'active',
  'pending',
  'pending-renewal',
  'pending-cancellation',
  'cancelled',
  'blocked',
  'archived',
] as const;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    start_at: timestamp('start_at', { withTimezone: true }),
    renewal_date: timestamp('renewal_date', { withTimezone: true }),
    cancel_at: timestamp('cancel_at', { withTimezone: true }),
    months: integer('months').notNull().default(1),
    renewal_months: integer('renewal_months').notNull().default(1),
    /** Cents. */
    price: integer('price').notNull().default(0),
    actual_price: integer('actual_price').notNull().default(0),
    renewal_price: integer('renewal_price').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.account_id)],
);

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    model_id: integer('model_id')
      .notNull()
      .references(() => models.id),
    subscription_id: integer('subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    note: text('note'),
    /** The IMEI or unique id the tracker sends; how a report finds its device. */
    serial: text('serial').notNull(),
    imei: text('imei'),
    phone: text('phone'),
    /** The SIM card's ICCID as the tracker last reported it (GT06 0x94). */
    iccid: text('iccid'),
    /** Volts of the vehicle or charger the tracker is wired to, as last reported without a fix. */
    external_voltage: real('external_voltage'),
    low_battery: boolean('low_battery').notNull().default(false),
    charging: boolean('charging').notNull().default(false),
    sos: boolean('sos').notNull().default(false),
    overspeed: boolean('overspeed').notNull().default(false),
    has_voice: boolean('has_voice').notNull().default(false),
    live_audio_minutes: integer('live_audio_minutes').notNull().default(0),
    group_ids: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** SLA bounds (°C and %); null disables a bound. */
    min_temperature: real('min_temperature'),
    max_temperature: real('max_temperature'),
    min_humidity: real('min_humidity'),
    max_humidity: real('max_humidity'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.serial), index().on(t.account_id)],
);

/** The newest fix of each device, with what motion and geofence steps derived from history. */
export const currentPositions = pgTable('current_positions', {
  device_id: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  account_id: integer('account_id').notNull(),
  fix_time: timestamp('fix_time', { withTimezone: true }).notNull(),
  received_at: timestamp('received_at', { withTimezone: true }).notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  fix: text('fix', { enum: ['gps', 'wifi', 'cell', 'ble'] }).notNull(),
  /** Metres per second. */
  speed: real('speed'),
  course: real('course'),
  altitude: real('altitude'),
  /** Metres. */
  accuracy: real('accuracy'),
  battery: real('battery'),
  charging: boolean('charging'),
  temperature: real('temperature'),
  humidity: real('humidity'),
  /** Metres driven since the device first reported. */
  odometer: doublePrecision('odometer').notNull().default(0),
  address: text('address'),
  geofence_ids: integer('geofence_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  last_movement_time: timestamp('last_movement_time', { withTimezone: true }),
  last_movement_time_without_cell: timestamp('last_movement_time_without_cell', {
    withTimezone: true,
  }),
  attributes: jsonb('attributes'),
  /** The ignition as the newest fix reported it (null: not reported). */
  ignition: boolean('ignition'),
  /** What the motion step remembers between batches (anchors, odometer track). */
  pipeline_state: jsonb('pipeline_state'),
});

export const EVENT_TYPES = [
  'geofence-enter',
  'geofence-exit',
  'low-battery',
  'tamper-alert',
  'sla-breach',
  'shipment-begin',
  'shipment-end',
  'shipment-late',
  'shipment-notify',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id').notNull(),
    device_id: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    event_type: text('event_type', { enum: EVENT_TYPES }).notNull(),
    description: text('description').notNull(),
    geofence_id: integer('geofence_id'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.device_id, t.created_at), index().on(t.account_id, t.created_at)],
);

/** Reports from serials no device has: counted, never stored against anyone. */
export const unknownDevices = pgTable('unknown_devices', {
  serial: text('serial').primaryKey(),
  protocol: text('protocol').notNull(),
  first_seen_at: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  reports: integer('reports').notNull().default(0),
  remote_address: text('remote_address'),
});
