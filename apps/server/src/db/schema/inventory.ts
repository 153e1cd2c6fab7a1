import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './identity';
import { models } from './devices';

/** Hardware not in any account yet: on the shelf, or set aside for one account. */
export const INVENTORY_STATES = ['inventory', 'reserved'] as const;
export type InventoryState = (typeof INVENTORY_STATES)[number];

/**
 * The device inventory of the Utilities page (docs/architecture.md, "Utilities"). A serial is
 * in exactly one place: here (inventory, or reserved for an account), or in `devices` once it
 * is assigned to an account. Why a table of its own and not a state column on `devices`:
 * `devices.account_id` is NOT NULL and every tracker query of the product is scoped by
 * account; hardware that belongs to no account stays out of all of them by construction.
 */
export const deviceInventory = pgTable(
  'device_inventory',
  {
    serial: text('serial').primaryKey(),
    model_id: integer('model_id')
      .notNull()
      .references(() => models.id),
    imei: text('imei'),
    iccid: text('iccid'),
    phone: text('phone'),
    state: text('state', { enum: INVENTORY_STATES }).notNull().default('inventory'),
    /** Set while reserved: the only account Assign may put the serial in. */
    reserved_account_id: integer('reserved_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.reserved_account_id)],
);
