import {
  describeTrigger,
  orGroups,
  replayRule,
  RULE_TEST_DAYS,
  RULE_TEST_SHOWN,
  type RuleCondition,
  type RuleGate,
  type RuleTestRequest,
  type RuleTestResult,
} from '@waymark/domain';
import type { Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { authorizeRules, ruleOf } from './rules.access';
import { historyTriggers } from './rule-history.queries';

/** The most positions and events one test replays. */
export const RULE_TEST_MAX_ROWS = 500_000;

const DAY_MS = 86_400_000;

/** Conditions that only ever hold for device events. */
const eventOnly = (c: RuleCondition) =>
  c.type === 'geofence' ||
  c.type === 'event_type' ||
  (c.type === 'message_content' && c.data.value === 'alarms.disassemble');

/**
 * 'Test on the last 7 days' of a saved rule: replays the history of the trackers the actor
 * sees through it, as if it were enabled and had not fired, with its throttle, and answers
 * when it would have fired. Nothing is sent and nothing is written.
 */
export async function testRule(
  ctx: Pick<AppContext, 'database'>,
  actor: Actor,
  ruleId: number,
  now = new Date(),
): Promise<RuleTestResult> {
  const rule = await ruleOf(ctx.database.db, actor, ruleId, 'read');
  return replay(ctx, actor, rule, now);
}

/**
 * The same for a rule as the form holds it, saved or not: its event_time windows read on
 * `timezone` (the caller's), as saving it would.
 */
export async function testDraftRule(
  ctx: Pick<AppContext, 'database'>,
  actor: Actor,
  draft: RuleTestRequest,
  timezone: string,
  now = new Date(),
): Promise<RuleTestResult> {
  authorizeRules(actor, 'read');
  return replay(ctx, actor, { ...draft, is_enabled: true, timezone }, now);
}

async function replay(
  ctx: Pick<AppContext, 'database'>,
  actor: Actor,
  rule: RuleGate,
  now: Date,
): Promise<RuleTestResult> {
  const range = { from: new Date(now.getTime() - RULE_TEST_DAYS * DAY_MS), to: now };
  // Positions matter only when some way to fire has no condition that needs an event.
  const withPositions = orGroups(rule.conditions).some((group) => !group.some(eventOnly));
  const triggers =
    rule.conditions.length === 0
      ? []
      : await historyTriggers(
          ctx.database.db,
          actor.devices,
          range,
          withPositions,
          RULE_TEST_MAX_ROWS,
        );
  const fired = replayRule(rule, triggers);
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    replayed: triggers.length,
    total: fired.length,
    firings: fired.slice(0, RULE_TEST_SHOWN).map((t) => ({
      fired_at: new Date(t.at).toISOString(),
      device: t.device,
      trigger: describeTrigger(t),
    })),
  };
}
