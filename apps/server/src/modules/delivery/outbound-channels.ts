import type { AppContext } from '../../app-context';
import type { OutboundRow } from './outbound-messages.queries';

/** How long a webhook receiver has to answer before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

type Ctx = Pick<AppContext, 'mailer' | 'sms' | 'storage'>;

/** Sends one claimed message through its channel; answers what the far end said, if anything. */
export async function sendThroughChannel(ctx: Ctx, m: OutboundRow): Promise<string | null> {
  switch (m.channel) {
    case 'mail': {
      const attachments = [];
      for (const file of m.attachments ?? []) {
        const content = await ctx.storage.get(file.storage_key);
        // Not a passing fault: retrying cannot bring the file back, but operators see why.
        if (!content) throw new Error(`attachment ${file.filename} is missing from storage`);
        attachments.push({ filename: file.filename, contentType: file.content_type, content });
      }
      await ctx.mailer.send({
        key: m.key,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      return null;
    }
    case 'sms':
      await ctx.sms.send(m.to, m.text, m.key);
      return null;
    case 'webhook':
      return postWebhook(m);
  }
}

/** A JSON POST carrying the key as `Idempotency-Key`, so a receiver can drop a second copy. */
async function postWebhook(m: OutboundRow) {
  const response = await fetch(m.to, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Waymark rules',
      'idempotency-key': m.key,
    },
    body: m.text,
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  }).catch((error: unknown) => {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new Error(timedOut ? 'No answer within 10 s' : `Not reached: ${String(error)}`);
  });
  // The body is not read: a receiver's answer is not ours to keep.
  await response.body?.cancel();
  if (!response.ok) throw new Error(`Answered HTTP ${response.status}`);
  return `Answered HTTP ${response.status}`;
}
