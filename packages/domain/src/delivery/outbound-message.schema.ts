import { z } from 'zod';

export const outboundChannelSchema = z.enum(['mail', 'sms', 'webhook']);
export type OutboundChannelName = z.infer<typeof outboundChannelSchema>;

/**
 * A message of the one outbox (issue 39 item 12), as a platform admin reads it: what it is,
 * to whom, where it stands. `text` is the body while the message waits or failed; a sent
 * message keeps none (a reset link's secret is not kept past its delivery).
 */
export const outboundMessageSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  /** Who wrote it: alert, rule-action, invitation, password-reset, billing-notice, ... */
  kind: z.string(),
  channel: outboundChannelSchema,
  /** An e-mail address, a phone number, or a webhook's URL. */
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'sending', 'retrying', 'sent', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** What the far end answered on success (a webhook's `Answered HTTP 204`). */
  outcome: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboundMessageView = z.infer<typeof outboundMessageSchema>;
