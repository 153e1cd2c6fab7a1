import type { Rule, RuleFiring } from '@waymark/domain';
import type { DeliveryState } from '../delivery';
import { isMessage, messageOutcome, runMessageKeys } from './rule-action-messages';
import type { FiringRows, RuleRow } from './rules.queries';

export function presentRule(row: RuleRow): Rule {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    is_enabled: row.is_enabled ? 1 : 0,
    throttle_enabled: row.throttle_enabled,
    throttle_hours: row.throttle_hours,
    conditions: row.conditions,
    actions: row.actions,
    timezone: row.timezone,
    last_fired_at: row.last_fired_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Firings, newest first, each with its actions' outcomes in the rule's order; a message
 * action's outcome is its messages' in the outbox (`states`, by key).
 */
export function presentFirings(
  { firings, runs }: FiringRows,
  states: Map<string, DeliveryState>,
): RuleFiring[] {
  return firings.map((f) => ({
    id: f.id,
    fired_at: f.fired_at.toISOString(),
    device:
      f.device_id !== null && f.device_name !== null
        ? { id: f.device_id, name: f.device_name }
        : null,
    trigger: f.description,
    outcomes: runs
      .filter((r) => r.firing_id === f.id)
      .map((r) => {
        // 'sending' is a moment between two states; the log calls it queued.
        const own = {
          status: r.status === 'sending' ? ('queued' as const) : r.status,
          detail: r.detail,
        };
        const outcome =
          isMessage(r.action) && r.status === 'sent'
            ? messageOutcome(runMessageKeys(r.id, r.action), states, own)
            : own;
        return { type: r.type, ...outcome };
      }),
  }));
}
