import type { AppContext } from '../../app-context';
import { queueMessages } from '../delivery';
import { markMessageFailed, markMessageSent } from './commands.queries';

/** The outbox's kind of a command sent to a tracker by SMS. */
export const SMS_COMMAND_KIND = 'device-command';

/** One SMS per command: the command's row names the message, so a retry cannot add another. */
const smsKey = (deviceMessageId: number) => `command:${deviceMessageId}:sms`;

/**
 * Hands an SMS command to the one delivery path (issue 39 item 12): the outbox sends it with
 * its key, retries a refusal with back-off and settles the command through `settleSmsCommand`.
 */
export async function queueSmsCommand(
  ctx: Pick<AppContext, 'database' | 'jobs' | 'storage'>,
  command: { id: number; to: string; text: string },
) {
  await queueMessages(ctx, [
    {
      channel: 'sms',
      kind: SMS_COMMAND_KIND,
      key: smsKey(command.id),
      to: command.to,
      text: command.text,
    },
  ]);
}

/**
 * The outbox sent the command's SMS (`sent`) or gave up after its last attempt (`failed`):
 * the command's status says so. Only a `queued` command moves, so running it twice is harmless.
 */
export async function settleSmsCommand(
  ctx: Pick<AppContext, 'database'>,
  key: string,
  outcome: 'sent' | 'failed',
) {
  const id = Number(/^command:(\d+):sms$/.exec(key)?.[1]);
  if (!Number.isSafeInteger(id)) throw new Error(`Not an SMS command's key: ${key}`);
  const { db } = ctx.database;
  if (outcome === 'sent') await markMessageSent(db, id);
  else await markMessageFailed(db, id);
}
