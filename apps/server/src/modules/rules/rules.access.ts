import { RULE_MESSAGES } from '@waymark/domain';
import { authorize, found, type Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors/domain-error';
import { ruleRow, type RuleRow } from './rules.queries';

/**
 * Rules need the account flag has_rules_engine (spec 002 §2.1; else 403). Writes need manage
 * Rules, which all but Viewers hold (spec 002 §6); without it 403.
 */
export function authorizeRules(actor: Actor, intent: 'read' | 'write') {
  if (!actor.membership.has_rules_engine) throw forbidden(RULE_MESSAGES.notAvailable);
  if (intent === 'write') authorize(actor, 'manage', 'Rules');
}

/** One rule of the actor's account; another account's is 404, as if it did not exist. */
export async function ruleOf(
  db: Db,
  actor: Actor,
  ruleId: number,
  intent: 'read' | 'write',
): Promise<RuleRow> {
  authorizeRules(actor, intent);
  return found(await ruleRow(db, actor.accountId, ruleId));
}
