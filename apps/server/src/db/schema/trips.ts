import {
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';

/**
 * What the segmentation of accepted fixes produces (packages/domain trip/segmentation.rules):
 * trips and stops stored as they close, and one summary per tracker and account-local day kept
 * current as fixes arrive. Reports, Scout and rules read these, never raw fixes re-summed.
 */
const at = (name: string) => timestamp(name, { withTimezone: true }).notNull();

export const trips = pgTable(
  'trips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id').notNull(),
    device_id: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    start_time: at('start_time'),
    end_time: at('end_time'),
    start_lat: doublePrecision('start_lat').notNull(),
    start_lng: doublePrecision('start_lng').notNull(),
    end_lat: doublePrecision('end_lat').notNull(),
    end_lng: doublePrecision('end_lng').notNull(),
    start_address: text('start_address'),
    end_address: text('end_address'),
    start_geofence_id: integer('start_geofence_id'),
    end_geofence_id: integer('end_geofence_id'),
    /** Metres. */
    distance: doublePrecision('distance').notNull(),
    duration_s: integer('duration_s').notNull(),
    driving_s: integer('driving_s').notNull(),
    idle_s: integer('idle_s').notNull(),
    /** Metres per second. */
    max_speed: real('max_speed').notNull(),
    average_speed: real('average_speed').notNull(),
    /** Metres, the tracker's odometer. */
    start_odometer: doublePrecision('start_odometer').notNull(),
    end_odometer: doublePrecision('end_odometer').notNull(),
    engine_hours: real('engine_hours'),
  },
  (t) => [
    unique('trips_device_start').on(t.device_id, t.start_time),
    index('trips_account_start').on(t.account_id, t.start_time),
  ],
);

export const deviceStops = pgTable(
  'device_stops',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id').notNull(),
    device_id: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    start_time: at('start_time'),
    end_time: at('end_time'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    address: text('address'),
    geofence_id: integer('geofence_id'),
    duration_s: integer('duration_s').notNull(),
  },
  (t) => [
    unique('device_stops_device_start').on(t.device_id, t.start_time),
    index('device_stops_account_start').on(t.account_id, t.start_time),
  ],
);

export const dailySummaries = pgTable(
  'daily_summaries',
  {
    device_id: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The account's local date. */
    day: date('day', { mode: 'string' }).notNull(),
    account_id: integer('account_id').notNull(),
    /** Metres. */
    distance: doublePrecision('distance').notNull().default(0),
    driving_s: doublePrecision('driving_s').notNull().default(0),
    idle_s: doublePrecision('idle_s').notNull().default(0),
    stops: integer('stops').notNull().default(0),
    /** Trips that began this day (stored as they close). */
    trips: integer('trips').notNull().default(0),
    /** Metres per second. */
    max_speed: real('max_speed'),
    first_fix: timestamp('first_fix', { withTimezone: true }),
    last_fix: timestamp('last_fix', { withTimezone: true }),
    engine_hours: doublePrecision('engine_hours').notNull().default(0),
    fuel_used: doublePrecision('fuel_used').notNull().default(0),
    filtered: integer('filtered').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.device_id, t.day] }),
    index('daily_summaries_account_day').on(t.account_id, t.day),
  ],
);
