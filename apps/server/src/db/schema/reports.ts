import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApiStop, ReportEvent, ReportSummary } from '@waymark/domain';
import { accounts, users } from './identity';
import { devices } from './devices';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A saved report of one tracker over a range (spec 001 §3 "Report"). It is a snapshot: the
 * positions, stops, alerts and figures of the range as they were when it was made, so its
 * public link shows the same after history is thinned or the tracker moves to another account.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    device_id: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The public page's key: unguessable, and the only way in without a login. */
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    is_public: boolean('is_public').notNull().default(false),
    start_at: at('start_at').notNull(),
    end_at: at('end_at').notNull(),
    include_positions: boolean('include_positions').notNull().default(true),
    include_sensors: boolean('include_sensors').notNull().default(true),
    include_alerts: boolean('include_alerts').notNull().default(true),
    include_geofence_name: boolean('include_geofence_name').notNull().default(true),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
    /** The tracker's name when the report was made. */
    device_name: text('device_name').notNull(),
    /** The kept positions, packed as reports.snapshot.ts says (gzipped JSON value arrays). */
    positions: text('positions').notNull(),
    positions_count: integer('positions_count').notNull().default(0),
    /** ApiStop[] with addresses; ReportEvent[] with addresses; ReportSummary. */
    stops: jsonb('stops').$type<ApiStop[]>().notNull().default([]),
    events: jsonb('events').$type<ReportEvent[]>().notNull().default([]),
    summary: jsonb('summary').$type<ReportSummary>().notNull(),
  },
  (t) => [index().on(t.account_id, t.created_at), index().on(t.device_id)],
);
