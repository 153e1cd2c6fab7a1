import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  EpisodeState,
  RuleAction,
  RuleCondition,
  RuleSave,
  RuleTrigger,
} from '@waymark/domain';
import type { Db } from '../../db/client';
import {
  commands,
  currentPositions,
  devices,
  geofences,
  models,
  ruleActionRuns,
  ruleEpisodes,
  ruleFirings,
  rules,
  timezones,
} from '../../db/schema';

export type RuleRow = Omit<typeof rules.$inferSelect, 'conditions' | 'actions'> & {
  conditions: RuleCondition[];
  actions: RuleAction[];
};

const asRule = (row: typeof rules.$inferSelect): RuleRow => row as RuleRow;

/** The account's rules by name (then id). */
export async function ruleRows(db: Db, accountId: number): Promise<RuleRow[]> {
  const rows = await db
    .select()
    .from(rules)
    .where(eq(rules.account_id, accountId))
    .orderBy(asc(sql`lower(${rules.name})`), asc(rules.id));
  return rows.map(asRule);
}

/** One rule of the account, undefined when it has none with that id. */
export async function ruleRow(db: Db, accountId: number, ruleId: number) {
  const [row] = await db
    .select()
    .from(rules)
    .where(and(eq(rules.account_id, accountId), eq(rules.id, ruleId)));
  return row ? asRule(row) : undefined;
}

/** Every enabled rule of every account, for the evaluator. */
export async function enabledRuleRows(db: Db, accountIds?: readonly number[]) {
  const rows = await db
    .select()
    .from(rules)
    .where(
      and(
        eq(rules.is_enabled, true),
        accountIds ? inArray(rules.account_id, [...accountIds]) : undefined,
      ),
    );
  return rows.map(asRule);
}

interface RuleValues extends RuleSave {
  timezone: string;
}

export async function insertRule(db: Db, accountId: number, userId: number, v: RuleValues) {
  const [row] = await db
    .insert(rules)
    .values({ account_id: accountId, user_id: userId, ...v })
    .returning();
  return asRule(row!);
}

export async function updateRuleRow(db: Db, ruleId: number, userId: number, v: RuleValues) {
  const [row] = await db
    .update(rules)
    .set({ ...v, user_id: userId, updated_at: new Date() })
    .where(eq(rules.id, ruleId))
    .returning();
  return asRule(row!);
}

export async function deleteRuleRow(db: Db, ruleId: number) {
  await db.delete(rules).where(eq(rules.id, ruleId));
}

/** The ids among `ids` that are geofences of the account. */
export async function geofencesOfAccount(db: Db, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: geofences.id })
    .from(geofences)
    .where(and(eq(geofences.account_id, accountId), inArray(geofences.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/**
 * Commands a rule can send, as `id -> model id`, for the ids asked: not categories, and none
 * whose template needs arguments (a rule has no values for them).
 */
export async function commandModels(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: commands.id, model_id: commands.model_id })
    .from(commands)
    .where(
      and(
        inArray(commands.id, [...ids]),
        eq(commands.is_category, false),
        eq(commands.has_arguments, false),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.model_id]));
}

/** The time zones among `ids`, as `id -> IANA identifier`. */
export async function timezoneIdentifiers(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select()
    .from(timezones)
    .where(inArray(timezones.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.identifier]));
}

export interface FiringInsert {
  rule_id: number;
  device_id: number;
  fired_at: Date;
  description: string;
  trigger: RuleTrigger;
  actions: RuleAction[];
}

export interface EpisodeWrite {
  rule_id: number;
  device_id: number;
  state: EpisodeState;
}

/**
 * Writes firings, their action runs, each rule's last firing and the episodes that changed in
 * one transaction (an episode is never marked fired without its firing, nor the reverse);
 * answers the action runs' ids (to queue as jobs).
 */
export async function recordFirings(
  db: Db,
  firings: readonly FiringInsert[],
  episodes: readonly EpisodeWrite[] = [],
) {
  if (firings.length === 0 && episodes.length === 0) return [];
  return db.transaction(async (tx) => {
    const runIds: number[] = [];
    if (episodes.length > 0) {
      await tx
        .insert(ruleEpisodes)
        .values(
          episodes.map((e) => ({
            rule_id: e.rule_id,
            device_id: e.device_id,
            since: e.state.since,
            active: e.state.active,
          })),
        )
        .onConflictDoUpdate({
          target: [ruleEpisodes.rule_id, ruleEpisodes.device_id],
          set: {
            since: sql`excluded.since`,
            active: sql`excluded.active`,
            updated_at: sql`now()`,
          },
        });
    }
    for (const f of firings) {
      const [firing] = await tx
        .insert(ruleFirings)
        .values({
          rule_id: f.rule_id,
          device_id: f.device_id,
          fired_at: f.fired_at,
          description: f.description,
          trigger: f.trigger,
        })
        .returning({ id: ruleFirings.id });
      if (f.actions.length > 0) {
        const runs = await tx
          .insert(ruleActionRuns)
          .values(
            f.actions.map((action, position) => ({
              firing_id: firing!.id,
              position,
              type: action.type,
              action,
            })),
          )
          .returning({ id: ruleActionRuns.id });
        runIds.push(...runs.map((r) => r.id));
      }
      await tx
        .update(rules)
        .set({ last_fired_at: f.fired_at })
        .where(
          and(
            eq(rules.id, f.rule_id),
            sql`(${rules.last_fired_at} IS NULL OR ${rules.last_fired_at} < ${f.fired_at})`,
          ),
        );
    }
    return runIds;
  });
}

/** The rule's newest firings with their action outcomes. */
export async function firingRows(db: Db, ruleId: number, limit: number) {
  const firings = await db
    .select({
      id: ruleFirings.id,
      fired_at: ruleFirings.fired_at,
      description: ruleFirings.description,
      device_id: ruleFirings.device_id,
      device_name: devices.name,
    })
    .from(ruleFirings)
    .leftJoin(devices, eq(devices.id, ruleFirings.device_id))
    .where(eq(ruleFirings.rule_id, ruleId))
    .orderBy(desc(ruleFirings.fired_at), desc(ruleFirings.id))
    .limit(limit);
  const runs =
    firings.length === 0
      ? []
      : await db
          .select({
            id: ruleActionRuns.id,
            action: ruleActionRuns.action,
            firing_id: ruleActionRuns.firing_id,
            type: ruleActionRuns.type,
            status: ruleActionRuns.status,
            detail: ruleActionRuns.detail,
          })
          .from(ruleActionRuns)
          .where(
            inArray(
              ruleActionRuns.firing_id,
              firings.map((f) => f.id),
            ),
          )
          .orderBy(asc(ruleActionRuns.firing_id), asc(ruleActionRuns.position));
  return { firings, runs: runs.map((r) => ({ ...r, action: r.action as RuleAction })) };
}
export type FiringRows = Awaited<ReturnType<typeof firingRows>>;

/** One action run with its rule and firing, for its job. */
export async function actionRun(db: Db, runId: number) {
  const [row] = await db
    .select({
      id: ruleActionRuns.id,
      status: ruleActionRuns.status,
      action: ruleActionRuns.action,
      trigger: ruleFirings.trigger,
      device_id: ruleFirings.device_id,
      rule_id: rules.id,
      rule_name: rules.name,
      account_id: rules.account_id,
      user_id: rules.user_id,
    })
    .from(ruleActionRuns)
    .innerJoin(ruleFirings, eq(ruleFirings.id, ruleActionRuns.firing_id))
    .innerJoin(rules, eq(rules.id, ruleFirings.rule_id))
    .where(eq(ruleActionRuns.id, runId));
  return row
    ? { ...row, action: row.action as RuleAction, trigger: row.trigger as RuleTrigger }
    : undefined;
}

/**
 * Takes the run for sending: only one not sent yet (queued, or failed before and retried).
 * Answers false when it was sent already (a retry after a success).
 */
export async function claimRun(db: Db, runId: number) {
  const rows = await db
    .update(ruleActionRuns)
    .set({
      status: 'sending',
      attempts: sql`${ruleActionRuns.attempts} + 1`,
      updated_at: new Date(),
    })
    .where(
      and(
        eq(ruleActionRuns.id, runId),
        inArray(ruleActionRuns.status, ['queued', 'failed', 'sending']),
      ),
    )
    .returning({ id: ruleActionRuns.id });
  return rows.length > 0;
}

export async function finishRun(
  db: Db,
  runId: number,
  status: 'sent' | 'failed',
  detail: string | null,
) {
  await db
    .update(ruleActionRuns)
    .set({ status, detail, updated_at: new Date() })
    .where(eq(ruleActionRuns.id, runId));
}

/** The model of a tracker and the command template, for a command action. */
export async function commandForDevice(db: Db, deviceId: number, commandId: number) {
  const [device] = await db
    .select({ model_id: devices.model_id, model_title: models.title })
    .from(devices)
    .innerJoin(models, eq(models.id, devices.model_id))
    .where(eq(devices.id, deviceId));
  const [command] = await db.select().from(commands).where(eq(commands.id, commandId));
  return { device, command };
}

/** Names of trackers by id (those that still exist). */
export function deviceNames(db: Db, ids: readonly number[]) {
  return db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(inArray(devices.id, [...ids]));
}

/** The stored episodes of these rules (read when the rules are). */
export async function episodeRows(db: Db, ruleIds: readonly number[]) {
  if (ruleIds.length === 0) return [];
  const rows = await db
    .select({
      rule_id: ruleEpisodes.rule_id,
      device_id: ruleEpisodes.device_id,
      since: ruleEpisodes.since,
      active: ruleEpisodes.active,
    })
    .from(ruleEpisodes)
    .where(inArray(ruleEpisodes.rule_id, [...ruleIds]));
  return rows.map((r) => ({ ...r, since: r.since as EpisodeState['since'] }));
}

/** Forgets a rule's episodes: its conditions changed, so they begin again. */
export async function deleteEpisodes(db: Db, ruleId: number) {
  await db.delete(ruleEpisodes).where(eq(ruleEpisodes.rule_id, ruleId));
}

/**
 * The trackers of these accounts with a current position, with when the server last heard an
 * accepted fix of theirs: what the silence check measures.
 */
export function lastHeard(db: Db, accountIds: readonly number[]) {
  return db
    .select({
      account_id: currentPositions.account_id,
      device_id: currentPositions.device_id,
      received_at: currentPositions.received_at,
      lat: currentPositions.lat,
      lng: currentPositions.lng,
      address: currentPositions.address,
    })
    .from(currentPositions)
    .where(inArray(currentPositions.account_id, [...accountIds]));
}
