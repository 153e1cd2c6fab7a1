import {
  fillPlaceholders,
  placeholderValues,
  SMS_TERMS,
  webhookBody,
  type RuleAction,
  type RuleTrigger,
} from '@waymark/domain';
import { actorOf } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { DomainError } from '../../errors/domain-error';
import type { QueuedJob } from '../../jobs/job-queue';
import { sendCommand } from '../commands/commands.service';
import { queueMessages } from '../delivery';
import { runMessageKeys } from './rule-action-messages';
import {
  actionRun,
  claimRun,
  commandForDevice,
  finishRun,
  timezoneIdentifiers,
} from './rules.queries';

type Run = NonNullable<Awaited<ReturnType<typeof actionRun>>>;

/** An action that cannot succeed however often it is tried (a deleted tracker, a wrong model). */
class Refused extends Error {}

/**
 * The job of one action of one firing (a rule_action_runs row): a webhook POST, an e-mail or a
 * text message handed to the outbox (one message per recipient, keyed by the run: the outbox
 * sends, retries and keeps the answer the rule's log shows), or a command to the tracker
 * through the device command queue. A failed attempt is thrown, so the queue retries it with
 * back-off; a run already done is not done again.
 */
export async function runRuleAction(ctx: AppContext, job: QueuedJob<{ run_id: number }>) {
  const { db } = ctx.database;
  const run = await actionRun(db, job.data.run_id);
  if (!run || !(await claimRun(db, run.id))) return;
  try {
    const detail = await perform(ctx, run, run.action, run.trigger);
    await finishRun(db, run.id, 'sent', detail);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finishRun(db, run.id, 'failed', message);
    if (!(error instanceof Refused)) throw error;
  }
}

async function zoneOf(ctx: AppContext, timezoneId: number) {
  return (await timezoneIdentifiers(ctx.database.db, [timezoneId])).get(timezoneId) ?? 'UTC';
}

/** Sends the action; answers what happened, in words. */
async function perform(ctx: AppContext, run: Run, action: RuleAction, trigger: RuleTrigger) {
  switch (action.type) {
    case 'send_webhook': {
      const [key] = runMessageKeys(run.id, action);
      const body = webhookBody({ id: run.rule_id, name: run.rule_name }, trigger);
      await queueMessages(ctx, [
        { key: key!, kind: 'rule-action', channel: 'webhook', url: action.data.url, body },
      ]);
      return `Posting to ${action.data.url}`;
    }
    case 'send_email': {
      const values = placeholderValues(trigger, await zoneOf(ctx, action.data.timezone_id));
      const subject = fillPlaceholders(action.data.subject, values);
      const text = fillPlaceholders(action.data.body, values);
      const keys = runMessageKeys(run.id, action);
      await queueMessages(
        ctx,
        action.data.email_addresses.map((to, i) => ({
          key: keys[i]!,
          kind: 'rule-action',
          to,
          subject,
          text,
        })),
      );
      return `E-mailed ${action.data.email_addresses.join(', ')}`;
    }
    case 'send_text_message': {
      const values = placeholderValues(trigger, await zoneOf(ctx, action.data.timezone_id));
      const text = fillPlaceholders(action.data.message, values);
      const [key] = runMessageKeys(run.id, action);
      await queueMessages(ctx, [
        {
          key: key!,
          kind: 'rule-action',
          channel: 'sms',
          to: action.data.phone_number,
          text: `${text} ${SMS_TERMS}`,
        },
      ]);
      return `Texted ${action.data.phone_number}`;
    }
    case 'send_command_to_tracker':
      return sendToTracker(ctx, run, action.data, trigger);
  }
}

/**
 * The command goes to the tracker that set the rule off, when it is of the action's model, as
 * the user who saved the rule (their rights, checked now): over the live connection, or by SMS
 * when the model's command is sent that way.
 */
async function sendToTracker(
  ctx: AppContext,
  run: Run,
  data: { tracker_type: number; command: number },
  trigger: RuleTrigger,
) {
  const { db } = ctx.database;
  const { device, command } = await commandForDevice(db, trigger.device.id, data.command);
  if (!device || !command) throw new Refused('The tracker or the command no longer exists');
  if (device.model_id !== data.tracker_type) {
    throw new Refused(`${trigger.device.name} is a ${device.model_title}: not the rule's model`);
  }
  if (run.user_id === null) throw new Refused('The user who saved the rule no longer exists');
  try {
    const actor = await actorOf(db, run.user_id, run.account_id);
    const message = await sendCommand(ctx, actor, trigger.device.id, {
      id: command.id,
      payload: { command: command.commands },
      send_via: [command.is_sent_via_data ? 'data' : 'sms'],
      translation: command.translation,
    });
    return `Command "${command.title}" ${message.status} by ${message.send_via === 'sms' ? 'SMS' : 'data'}`;
  } catch (error) {
    // Refused by the commands service (rights, no phone for SMS): trying again will not help.
    if (error instanceof DomainError) throw new Refused(error.message);
    throw error;
  }
}
