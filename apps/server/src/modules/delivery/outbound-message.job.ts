import type { AppContext } from '../../app-context';
import type { QueuedJob } from '../../jobs/job-queue';
import { sendThroughChannel } from './outbound-channels';
import { claimMessage, markFailed, markSent, unsentBefore } from './outbound-messages.queries';
import { enqueueSend, MAX_ATTEMPTS } from './outbound-retry';

type Ctx = Pick<AppContext, 'database' | 'mailer' | 'sms' | 'storage' | 'jobs'>;

/**
 * What a writer does once its message is sent, or failed for good (an SMS command's status):
 * by message kind, composed where the jobs are (jobs/job-handlers.ts). It runs before the
 * message is marked, so a kill in between repeats it (it must be idempotent), never skips it.
 */
export type Settlers = Partial<
  Record<string, (key: string, outcome: 'sent' | 'failed') => Promise<void>>
>;

/**
 * The `outbound-message` job, the only caller of the mail, SMS and webhook senders: claims
 * the message, sends it with its key (the outbox mailer keeps one mail per key; SMTP carries
 * it as the Message-ID, by which mail systems drop a second copy if a process died between
 * sending and marking), then marks it sent. A failed attempt is marked `retrying` with its
 * error and thrown, so the queue retries this one message with back-off; after the last
 * attempt it is marked `failed` and the job ends, nothing retrying it again.
 */
export async function sendOutboundMessage(
  ctx: Ctx,
  job: QueuedJob<{ message_id: number }>,
  settlers: Settlers = {},
) {
  const { db } = ctx.database;
  const message = await claimMessage(db, job.data.message_id);
  if (!message) return;
  const settle = settlers[message.kind];
  let outcome: string | null;
  try {
    outcome = await sendThroughChannel(ctx, message);
  } catch (error) {
    const final = message.attempts >= MAX_ATTEMPTS;
    if (final) await settle?.(message.key, 'failed');
    await markFailed(db, message.id, error instanceof Error ? error.message : String(error), final);
    if (final) return;
    throw error;
  }
  await settle?.(message.key, 'sent');
  await markSent(db, message.id, outcome);
  // The files were needed for this send only; a second copy of them is a waste of storage.
  for (const file of message.attachments ?? []) await ctx.storage.delete(file.storage_key);
}

/** Every minute: messages stored but never queued, or left mid-send by a killed process. */
export async function sweepOutboundMessages(ctx: Pick<AppContext, 'database' | 'jobs'>) {
  const ids = await unsentBefore(ctx.database.db, new Date(Date.now() - 60_000));
  for (const id of ids) await enqueueSend(ctx, id);
}
