import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ContentBlock } from '@waymark/domain';
import { accounts, users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A Scout conversation (spec 001 §3 "Dialog"): one user's, in one account. Nobody else sees it,
 * not even the account's admins.
 */
export const dialogs = pgTable(
  'dialogs',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    created_at: at('created_at').notNull().defaultNow(),
    /** When its last message was written: the history lists the latest first. */
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.user_id, t.account_id, t.updated_at)],
);

/**
 * A message of a dialog: the user's question, the assistant's steps (tool calls and results,
 * stop_reason null) and its answer (stop_reason 'stop').
 */
export const dialogMessages = pgTable(
  'dialog_messages',
  {
    id: serial('id').primaryKey(),
    dialog_id: integer('dialog_id')
      .notNull()
      .references(() => dialogs.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: jsonb('content').$type<ContentBlock[]>().notNull(),
    /** The text of the content's text blocks, for the history's search. */
    search_text: text('search_text').notNull().default(''),
    stop_reason: text('stop_reason').$type<'stop'>(),
    /** The AI model option the user chose (manage AiModel only); null: the configured one. */
    model: text('model'),
    /** Ids of chat_files attached to a user's message, in the order given. */
    file_ids: integer('file_ids').array().notNull().default([]),
    feedback_rate: smallint('feedback_rate'),
    feedback_comment: text('feedback_comment'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.dialog_id, t.id)],
);

/**
 * A file uploaded for a message, or made by Scout (ui_create_file). The bytes are in storage
 * under `key`; only the user who owns it may download it.
 */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    original_name: text('original_name').notNull(),
    mime_type: text('mime_type').notNull(),
    size: integer('size').notNull(),
    key: text('key').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.user_id)],
);
