import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { RULE_ACTION_TYPES } from '@waymark/domain';
import { accounts, users } from './identity';
import { devices } from './devices';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** An automation rule of an account: conditions, then actions (spec 001 §3 "Rule"). */
export const rules = pgTable(
  'rules',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Who saved it last: its actions (a tracker command) act for them, with their rights. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    is_enabled: boolean('is_enabled').notNull().default(true),
    throttle_enabled: boolean('throttle_enabled').notNull().default(false),
    throttle_hours: doublePrecision('throttle_hours'),
    /** RuleCondition[] of @waymark/domain, as validated on save. */
    conditions: jsonb('conditions').notNull().default([]),
    /** RuleAction[] of @waymark/domain, as validated on save. */
    actions: jsonb('actions').notNull().default([]),
    /** IANA zone event_time conditions are read in: the browser's when it was saved. */
    timezone: text('timezone').notNull().default('UTC'),
    last_fired_at: at('last_fired_at'),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.account_id)],
);

/** One firing of a rule: what set it off (the trigger as the rules saw it). */
export const ruleFirings = pgTable(
  'rule_firings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    rule_id: integer('rule_id')
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    device_id: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    fired_at: at('fired_at').notNull(),
    /** What set it off, in words. */
    description: text('description').notNull(),
    /** The RuleTrigger of @waymark/domain: what the actions' placeholders are filled from. */
    trigger: jsonb('trigger').notNull(),
  },
  (t) => [index().on(t.rule_id, t.fired_at)],
);

export const RULE_ACTION_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/**
 * One action of one firing, run as a job: its outcome for the rule's log. `sending` is set
 * before sending, so a retry after a success never sends twice.
 */
export const ruleActionRuns = pgTable(
  'rule_action_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    firing_id: bigint('firing_id', { mode: 'number' })
      .notNull()
      .references(() => ruleFirings.id, { onDelete: 'cascade' }),
    /** Its place in the rule's actions. */
    position: smallint('position').notNull(),
    type: text('type', { enum: RULE_ACTION_TYPES }).notNull(),
    /** The action as it was when the rule fired (RuleAction). */
    action: jsonb('action').notNull(),
    status: text('status', { enum: RULE_ACTION_STATUSES }).notNull().default('queued'),
    /** What happened, in words: the answer's status, the error, the message sent. */
    detail: text('detail'),
    attempts: integer('attempts').notNull().default(0),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.firing_id)],
);

/**
 * Where a rule with episode conditions stands for one tracker (EpisodeState of
 * @waymark/domain): written when it changes, read when the rules are, so a restart neither
 * fires an episode again nor forgets one under way. Cleared when the rule's conditions change.
 */
export const ruleEpisodes = pgTable(
  'rule_episodes',
  {
    rule_id: integer('rule_id')
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    device_id: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Per condition, since when its state holds (epoch ms), or null. */
    since: jsonb('since').notNull(),
    active: boolean('active').notNull(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.rule_id, t.device_id] })],
);
