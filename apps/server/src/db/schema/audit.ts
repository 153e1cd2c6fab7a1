import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Writes made by a platform admin, in their own name or while imitating a user: who acted
 * (user_id, the imitated user while imitating), the admin behind it (imitator_id), the call
 * and its outcome. Readable by platform admins (GET /api/admin/audit-log).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    imitator_id: integer('imitator_id').references(() => users.id, { onDelete: 'set null' }),
    method: text('method').notNull(),
    /** The path called, without its query string. */
    path: text('path').notNull(),
    status_code: integer('status_code').notNull(),
    /** What ran, in words, where the route says (the Utilities' action and its result). */
    summary: text('summary'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.created_at), index().on(t.imitator_id)],
);
