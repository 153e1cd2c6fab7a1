import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './identity';

/** Files generated for a user and sent as a link; the uuid in the link is the only key. */
export const exportFiles = pgTable('export_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  account_id: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  filename: text('filename').notNull(),
  content_type: text('content_type').notNull(),
  storage_key: text('storage_key').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** The job that made the file: its retries find this row instead of making another. */
  job_id: text('job_id').unique(),
  /** Set just before the link is mailed, so a retry never mails it twice. */
  mailed_at: timestamp('mailed_at', { withTimezone: true }),
});
