import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { accounts, users } from './identity';

/** spare: the account holds it; installed: in `device_id`; retired: taken out, never reused. */
export const SIM_STATES = ['spare', 'installed', 'retired'] as const;
export type SimState = (typeof SIM_STATES)[number];

/**
 * The SIM cards the platform knows (docs/architecture.md, "SIM replacement"). A tracker's
 * `devices.iccid` / `devices.phone` mirror its installed card; this table is what the wizard
 * offers and what a swap moves between states.
 */
export const simCards = pgTable(
  'sim_cards',
  {
    id: serial('id').primaryKey(),
    iccid: text('iccid').notNull().unique(),
    phone: text('phone'),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    state: text('state', { enum: SIM_STATES }).notNull().default('spare'),
    device_id: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** Set on an installed card that must be replaced (e.g. 'carrier-sunset'): the wizard's list. */
    replacement_reason: text('replacement_reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.account_id, t.state),
    // One installed card per tracker.
    uniqueIndex('sim_cards_installed_device')
      .on(t.device_id)
      .where(sql`state = 'installed'`),
  ],
);

/**
 * Which SIM each tracker had, and when: the tracker stays one device across swaps (same id,
 * same positions), and this says which ICCID and phone it reported under at any time.
 */
export const simHistory = pgTable(
  'sim_history',
  {
    id: serial('id').primaryKey(),
    device_id: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    iccid: text('iccid').notNull(),
    phone: text('phone'),
    installed_from: timestamp('installed_from', { withTimezone: true }).notNull(),
    /** Null while the card is in the tracker. */
    installed_to: timestamp('installed_to', { withTimezone: true }),
    /** Who swapped it in (null for cards seeded or reported by the tracker). */
    swapped_by: integer('swapped_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index().on(t.device_id, t.installed_from),
    uniqueIndex('sim_history_open_device')
      .on(t.device_id)
      .where(sql`installed_to IS NULL`),
  ],
);
