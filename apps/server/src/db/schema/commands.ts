import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { devices, models } from './devices';

/** Command templates per model; `__name__` placeholders are filled by the user. */
export const commands = pgTable(
  'commands',
  {
    id: serial('id').primaryKey(),
    model_id: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    commands: text('commands').notNull(),
    has_arguments: boolean('has_arguments').notNull().default(false),
    is_category: boolean('is_category').notNull().default(false),
    translation: text('translation'),
    is_sent_via_data: boolean('is_sent_via_data').notNull().default(true),
    is_sent_via_sms: boolean('is_sent_via_sms').notNull().default(true),
    is_sent_via_sos: boolean('is_sent_via_sos').notNull().default(false),
  },
  (t) => [index().on(t.model_id)],
);

export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;

/** Commands sent to a tracker and what it answered: the message log of tracker details. */
export const deviceMessages = pgTable(
  'device_messages',
  {
    id: serial('id').primaryKey(),
    device_id: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    command_id: integer('command_id'),
    send_via: text('send_via', { enum: ['sms', 'data'] }).notNull(),
    translation: text('translation'),
    message_to_device: text('message_to_device'),
    message_from_device: text('message_from_device'),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    created_at: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    answered_at: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index().on(t.device_id, t.created_at)],
);

/** SMS written by the default adapter (no provider configured). */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  text: text('text').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
