import type { AppContext } from '../../app-context';

/**
 * Attempts of one message before it is `failed` for good: the first and five retries, about
 * 30 s, 1, 2, 4 and 8 minutes apart (the queue's back-off roughly doubles the delay).
 */
export const MAX_ATTEMPTS = 6;
const RETRY = { retryLimit: MAX_ATTEMPTS - 1, retryDelaySeconds: 30, retryBackoff: true };

/** Queues the send of one stored message, with the outbox's own retry policy. */
export async function enqueueSend(ctx: Pick<AppContext, 'jobs'>, messageId: number) {
  await ctx.jobs.enqueue('outbound-message', { message_id: messageId }, RETRY);
}
