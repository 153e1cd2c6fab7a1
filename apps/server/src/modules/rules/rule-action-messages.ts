import type { RuleAction } from '@waymark/domain';
import type { DeliveryState } from '../delivery';

type Sent = Extract<RuleAction, { type: 'send_webhook' | 'send_email' | 'send_text_message' }>;

/** True for the actions that are messages (sent by the outbox), not device commands. */
export const isMessage = (action: RuleAction): action is Sent =>
  action.type !== 'send_command_to_tracker';

/**
 * The outbox keys of one action run: one per recipient, so a refused address is retried alone
 * and a run queued twice (a process killed before it was marked) sends nobody twice.
 */
export function runMessageKeys(runId: number, action: Sent): string[] {
  switch (action.type) {
    case 'send_webhook':
      return [`rule-run:${runId}:webhook`];
    case 'send_email':
      return action.data.email_addresses.map((address) => `rule-run:${runId}:mail:${address}`);
    case 'send_text_message':
      return [`rule-run:${runId}:sms:${action.data.phone_number}`];
  }
}

export interface RunOutcome {
  status: 'queued' | 'sent' | 'failed';
  detail: string | null;
}

/**
 * What the rule's log says of a message action: sent once every recipient's message is (with
 * what a webhook answered), failed while one's last attempt failed (its error: a retry may
 * still follow, shown when it succeeds), else queued. `handedOver` is the run's own detail
 * ("E-mailed ops@example.test"); a run whose messages are not in the outbox keeps its own.
 */
export function messageOutcome(
  keys: string[],
  states: Map<string, DeliveryState>,
  own: RunOutcome,
): RunOutcome {
  const found = keys.map((k) => states.get(k)).filter((s) => s !== undefined);
  if (found.length === 0) return own;
  const failed = found.find((s) => s.status === 'failed' || s.status === 'retrying');
  if (failed) return { status: 'failed', detail: failed.last_error };
  if (found.length === keys.length && found.every((s) => s.status === 'sent')) {
    return { status: 'sent', detail: found[0]!.outcome ?? own.detail };
  }
  return { status: 'queued', detail: own.detail };
}
