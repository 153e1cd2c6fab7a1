import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './identity';
import { devices } from './devices';

export const geofences = pgTable(
  'geofences',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Circle radius in kilometres (spec default 0.1). */
    radius: doublePrecision('radius').notNull().default(0.1),
    is_irregular: boolean('is_irregular').notNull().default(false),
    /** GeoJSON Polygon geometry when is_irregular. */
    geo_json: jsonb('geo_json'),
    allowable_dwell_days: integer('allowable_dwell_days'),
    min_assets: integer('min_assets'),
    max_assets: integer('max_assets'),
    full_name: text('full_name'),
    email: text('email'),
    phone: text('phone'),
    company_name: text('company_name'),
    notes: text('notes'),
    is_alertable: boolean('is_alertable').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.account_id)],
);

/** One stay of a device inside a geofence; dwell analytics read these. */
export const geofenceVisits = pgTable(
  'geofence_visits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id').notNull(),
    geofence_id: integer('geofence_id')
      .notNull()
      .references(() => geofences.id, { onDelete: 'cascade' }),
    device_id: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    entered_at: timestamp('entered_at', { withTimezone: true }).notNull(),
    exited_at: timestamp('exited_at', { withTimezone: true }),
  },
  (t) => [
    index().on(t.geofence_id, t.entered_at),
    index().on(t.device_id, t.entered_at),
    index().on(t.account_id, t.entered_at),
    // The visits of a period are those that end after its start (or have not ended): an open
    // visit may have begun months ago, so entered_at bounds them only from above, and without
    // this the dwell figures read every visit the account ever made (bench:explain).
    index('geofence_visits_account_left').on(
      t.account_id,
      sql`coalesce(${t.exited_at}, 'infinity'::timestamptz)`,
    ),
  ],
);
