import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const timezones = pgTable('timezones', {
  id: serial('id').primaryKey(),
  identifier: text('identifier').notNull().unique(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Stored lower-cased so logins are case-insensitive. */
  email: text('email').notNull().unique(),
  phone: text('phone'),
  timezone_id: integer('timezone_id').references(() => timezones.id),
  password_hash: text('password_hash').notNull(),
  is_gpx_admin: boolean('is_gpx_admin').notNull().default(false),
  ...timestamps,
});

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  is_b2b_account: boolean('is_b2b_account').notNull().default(false),
  has_api_access: boolean('has_api_access').notNull().default(false),
  has_rules_engine: boolean('has_rules_engine').notNull().default(false),
  can_track_shipments: boolean('can_track_shipments').notNull().default(false),
  /** Shown to the account's admins on the API Access page, so it is kept readable. */
  api_token: text('api_token').unique(),
  /** The zone the account's days are counted in (daily summaries, fleet reports); null: UTC. */
  timezone_id: integer('timezone_id').references(() => timezones.id),
  /**
   * The position filter's bounds (packages/domain position-filter.schema): a fix implying a
   * faster hop from the last accepted one, or a cell / Wi-Fi fix coarser than this, is filtered.
   */
  filter_max_speed_kmh: integer('filter_max_speed_kmh').notNull().default(300),
  filter_max_accuracy_m: integer('filter_max_accuracy_m').notNull().default(5000),
  ...timestamps,
});

export const accountMemberships = pgTable(
  'account_memberships',
  {
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'manager', 'user', 'viewer'] }).notNull(),
    full_device_access: boolean('full_device_access').notNull().default(true),
    device_ids: integer('device_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    group_ids: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.account_id, t.user_id] }), index().on(t.user_id)],
);

export const accountSettings = pgTable(
  'account_settings',
  {
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    value: text('value'),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.code] })],
);

export const userSettings = pgTable(
  'user_settings',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    value: text('value'),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.account_id, t.code] })],
);

export const TOKEN_KINDS = ['session', 'temporary', 'imitation', 'password_reset'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/** Bearer, one-time and reset tokens; only a SHA-256 of each token is stored. */
export const tokens = pgTable(
  'tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TOKEN_KINDS }).notNull(),
    token_hash: text('token_hash').notNull().unique(),
    /** For imitation tokens: the platform admin acting as user_id. */
    imitator_id: integer('imitator_id').references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.user_id)],
);

export const loginAudit = pgTable(
  'login_audit',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.email, t.created_at)],
);

/** Mail written by the default adapter; the platform admin can read it in the app. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  /** The sender's key for the message (MailMessage.key): a second send with it is dropped. */
  key: text('key').unique(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** Files sent with the message (a scheduled report): name, type and base64 content. */
  attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface OutboxAttachment {
  filename: string;
  content_type: string;
  content_base64: string;
}

/**
 * Invitations to an account (POST /v2/accounts/{id}/invites). One row per address: a pending
 * one carries the hash of the link's token until accepted or expired; an address that already
 * had a login was added at once (accepted_at set, no token). mailed_at is claimed before the
 * mail job sends, so a retried job mails once.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'manager', 'user', 'viewer'] }).notNull(),
    full_device_access: boolean('full_device_access').notNull().default(true),
    device_ids: integer('device_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    group_ids: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    token_hash: text('token_hash').unique(),
    invited_by: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** The user the invitation added (the existing login, or the one created on accepting). */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    mailed_at: timestamp('mailed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.account_id, t.email)],
);
