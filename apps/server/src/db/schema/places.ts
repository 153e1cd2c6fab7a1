import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './identity';
import { geofences } from './geofences';

/**
 * A named set of trackers. Membership lives on `devices.group_ids` (the spec's device field),
 * so the list filters and the pipeline read it without a join.
 */
export const deviceGroups = pgTable(
  'device_groups',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.account_id)],
);

/** A fixed BLE beacon: a tag seen by a gateway is located here, with the radius as accuracy. */
export const anchors = pgTable(
  'anchors',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The beacon's identifier as gateways report it (MAC or UUID), stored lower case. */
    serial: text('serial').notNull(),
    address: text('address'),
    notes: text('notes'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Radius in feet (30–80), as the spec shows it. */
    radius: integer('radius').notNull().default(30),
    geofence_id: integer('geofence_id').references(() => geofences.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.account_id, t.serial)],
);

export const anchorImages = pgTable(
  'anchor_images',
  {
    id: serial('id').primaryKey(),
    anchor_id: integer('anchor_id')
      .notNull()
      .references(() => anchors.id, { onDelete: 'cascade' }),
    /** Key in the storage adapter. */
    path: text('path').notNull(),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.anchor_id)],
);
