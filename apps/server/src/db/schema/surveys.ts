import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './identity';

/**
 * Answers to the satisfaction survey (spec 002 §2.11): a score of 0 to 10 with an optional
 * comment, or a dismissal (no score). The latest row of a user keeps the survey away from
 * them for SURVEY_QUIET_DAYS; platform admins read them at GET /api/admin/survey-responses.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    score: smallint('score'),
    comment: text('comment'),
    dismissed: boolean('dismissed').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.user_id, t.created_at), index().on(t.created_at)],
);
