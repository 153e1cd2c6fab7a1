import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * `retrying`: an attempt failed and the queue will try again after its back-off; `failed`: the
 * last attempt failed, nothing will try again (kept, with its content, for operators).
 */
export type OutboundStatus = 'pending' | 'sending' | 'retrying' | 'sent' | 'failed';

/** mail: `to` an address; sms: `to` a phone number; webhook: `to` the URL, `text` the JSON body. */
export type OutboundChannel = 'mail' | 'sms' | 'webhook';

/**
 * A file sent with a mail. The bytes live in the product's storage under `storage_key`, not in
 * the row (a report's XLSX or PDF would swell the table); deleted once the mail is sent.
 */
export interface OutboundAttachment {
  filename: string;
  content_type: string;
  storage_key: string;
}

/**
 * The one outbox of outbound messages (issue 39, item 12; docs/architecture.md, "Delivery"):
 * a row per message with its idempotency key, claimed, sent and marked by the
 * `outbound-message` job, retried with back-off and kept with its error on failure.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: serial('id').primaryKey(),
    /** What the message is (`billing-notice:<job>:<address>`): a second one with it is dropped. */
    key: text('key').notNull().unique(),
    /** Who wrote it (billing-notice, password-reset, ...), for operators. */
    kind: text('kind').notNull(),
    channel: text('channel').$type<OutboundChannel>().notNull(),
    to: text('to').notNull(),
    /** Empty for a text message or a webhook. */
    subject: text('subject').notNull(),
    /** Emptied once sent: a reset link's secret is not kept past its delivery. */
    text: text('text').notNull(),
    html: text('html'),
    /** Emptied once sent, with the stored files. */
    attachments: jsonb('attachments').$type<OutboundAttachment[]>(),
    /** What the far end answered on success (a webhook's `Answered HTTP 204`). */
    outcome: text('outcome'),
    status: text('status').$type<OutboundStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbound_messages_unsent').on(t.status, t.created_at)],
);
