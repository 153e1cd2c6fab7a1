import {
  describeTrigger,
  orGroups,
  replayRule,
  RULE_TEST_DAYS,
  RULE_TEST_SHOWN,
  type RuleCondition,
  type RuleTestResult,
} from '@waymark/domain';
import type { Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { ruleOf } from './rules.access';
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
 * 'Test on the last 7 days': replays the history of the trackers the actor sees through the
 * rule, as if it were enabled and had not fired, with its throttle, and answers when it would
 * have fired. Nothing is sent and nothing is written.
 */
export async function testRule(
  ctx: Pick<AppContext, 'database'>,
  actor: Actor,
  ruleId: number,
  now = new Date(),
): Promise<RuleTestResult> {
  const { db } = ctx.database;
  const rule = await ruleOf(db, actor, ruleId, 'read');
  const range = { from: new Date(now.getTime() - RULE_TEST_DAYS * DAY_MS), to: now };
  // Positions matter only when some way to fire has no condition that needs an event.
  const withPositions = orGroups(rule.conditions).some((group) => !group.some(eventOnly));
  const triggers =
    rule.conditions.length === 0
      ? []
      : await historyTriggers(db, actor.devices, range, withPositions, RULE_TEST_MAX_ROWS);
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
