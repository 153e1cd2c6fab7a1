import { RULE_MESSAGES, type Rule, type RuleFiring, type RuleSave } from '@waymark/domain';
import type { Actor } from '../../access/actor';
import { visibleAmong } from '../../access/device-visibility';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { invalidField } from '../../errors/domain-error';
import { authorizeRules, ruleOf } from './rules.access';
import { presentFirings, presentRule } from './rules.present';
import {
  commandModels,
  deleteEpisodes,
  deleteRuleRow,
  firingRows,
  geofencesOfAccount,
  insertRule,
  ruleRows,
  timezoneIdentifiers,
  updateRuleRow,
} from './rules.queries';
import { deliveryStates } from '../delivery';
import { isMessage, runMessageKeys } from './rule-action-messages';

type Ctx = Pick<AppContext, 'database' | 'bus'>;

/** The most firings a rule's page lists. */
export const FIRINGS_SHOWN = 100;

/** The account's rules by name. */
export async function rulesOf(ctx: Ctx, actor: Actor): Promise<Rule[]> {
  authorizeRules(actor, 'read');
  return (await ruleRows(ctx.database.db, actor.accountId)).map(presentRule);
}

export async function ruleDetails(ctx: Ctx, actor: Actor, ruleId: number): Promise<Rule> {
  return presentRule(await ruleOf(ctx.database.db, actor, ruleId, 'read'));
}

/**
 * Creates a rule. `timezone` is the caller's (the browser's X-Timezone): event_time windows
 * are read on that clock.
 */
export async function createRule(ctx: Ctx, actor: Actor, body: RuleSave, timezone: string) {
  authorizeRules(actor, 'write');
  const { db } = ctx.database;
  await checkReferences(db, actor, body);
  const row = await insertRule(db, actor.accountId, actor.user.id, { ...body, timezone });
  ruleChanged(ctx, actor.accountId, row.id);
  return presentRule(row);
}

/** Replaces a rule's fields; its actions then act for the caller. */
export async function updateRule(
  ctx: Ctx,
  actor: Actor,
  ruleId: number,
  body: RuleSave,
  timezone: string,
) {
  const { db } = ctx.database;
  const before = await ruleOf(db, actor, ruleId, 'write');
  await checkReferences(db, actor, body);
  const row = await updateRuleRow(db, ruleId, actor.user.id, { ...body, timezone });
  // Episodes under way were of the old conditions: the new ones begin afresh.
  if (JSON.stringify(before.conditions) !== JSON.stringify(row.conditions)) {
    await deleteEpisodes(db, ruleId);
  }
  ruleChanged(ctx, actor.accountId, ruleId);
  return presentRule(row);
}

/** Deletes a rule and its firing log. */
export async function removeRule(ctx: Ctx, actor: Actor, ruleId: number) {
  const { db } = ctx.database;
  await ruleOf(db, actor, ruleId, 'write');
  await deleteRuleRow(db, ruleId);
  ruleChanged(ctx, actor.accountId, ruleId);
}

/** The rule's newest firings, each with what set it off and its actions' outcomes. */
export async function firingsOf(ctx: Ctx, actor: Actor, ruleId: number): Promise<RuleFiring[]> {
  const { db } = ctx.database;
  await ruleOf(db, actor, ruleId, 'read');
  const rows = await firingRows(db, ruleId, FIRINGS_SHOWN);
  const keys = rows.runs.flatMap((r) =>
    isMessage(r.action) ? runMessageKeys(r.id, r.action) : [],
  );
  return presentFirings(rows, await deliveryStates(db, keys));
}

/**
 * What the ids of a rule point at must be the account's (trackers the caller sees, geofences),
 * a model's own command, a listed time zone: else 422 on that field, the same for another
 * account's id as for an unknown one.
 */
async function checkReferences(db: Db, actor: Actor, body: RuleSave) {
  const m = RULE_MESSAGES;
  const geofenceIds = body.conditions.flatMap((c) =>
    c.type === 'geofence' ? [c.data.address] : [],
  );
  const geofences = await geofencesOfAccount(db, actor.accountId, geofenceIds);
  for (const [i, c] of body.conditions.entries()) {
    if (c.type === 'tracker_list') {
      const ids = [...new Set(c.data.values)];
      if ((await visibleAmong(db, actor.devices, ids)).length !== ids.length) {
        throw invalidField(`conditions.${i}.data.values`, m.unknownTrackers);
      }
    }
    if (c.type === 'geofence' && !geofences.has(c.data.address)) {
      throw invalidField(`conditions.${i}.data.address`, m.unknownGeofence);
    }
  }
  const commandIds = body.actions.flatMap((a) =>
    a.type === 'send_command_to_tracker' ? [a.data.command] : [],
  );
  const zoneIds = body.actions.flatMap((a) =>
    a.type === 'send_email' || a.type === 'send_text_message' ? [a.data.timezone_id] : [],
  );
  const modelOf = await commandModels(db, commandIds);
  const zones = await timezoneIdentifiers(db, zoneIds);
  for (const [i, a] of body.actions.entries()) {
    if (
      a.type === 'send_command_to_tracker' &&
      modelOf.get(a.data.command) !== a.data.tracker_type
    ) {
      throw invalidField(`actions.${i}.data.command`, m.unknownCommand);
    }
    if (
      (a.type === 'send_email' || a.type === 'send_text_message') &&
      !zones.has(a.data.timezone_id)
    ) {
      throw invalidField(`actions.${i}.data.timezone_id`, m.unknownTimezone);
    }
  }
}

/** Tells the bus a rule changed: the evaluator reads the account's rules again. */
export function ruleChanged(ctx: Pick<AppContext, 'bus'>, accountId: number, ruleId: number) {
  ctx.bus.publish('rule.changed', { account_id: accountId, rule_id: ruleId });
}
