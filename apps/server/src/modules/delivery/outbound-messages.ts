import { createHash } from 'node:crypto';
import type { MailAttachment } from '../../adapters/mail/mailer';
import type { AppContext } from '../../app-context';
import type { OutboundAttachment } from '../../db/schema/delivery';
import { enqueueSend } from './outbound-retry';
import { insertMessages, purgedKeys, type NewOutbound } from './outbound-messages.queries';

interface Common {
  /** What the message is (`alert:<event>:mail:<address>`): writing it twice sends it once. */
  key: string;
  /** Who wrote it (alert, rule-action, ...), for operators. */
  kind: string;
}

/** One e-mail; files go with it through the product's storage. */
export interface OutboundMail extends Common {
  channel?: 'mail';
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** One text message to a phone number. */
export interface OutboundSms extends Common {
  channel: 'sms';
  to: string;
  text: string;
}

/** One JSON POST to a URL (a rule's webhook); any 2xx answer counts as delivered. */
export interface OutboundWebhook extends Common {
  channel: 'webhook';
  url: string;
  body: unknown;
}

export type OutboundMessage = OutboundMail | OutboundSms | OutboundWebhook;

type Ctx = Pick<AppContext, 'database' | 'jobs' | 'storage'>;

/** Where a message's files live: one folder per key, so a re-run writes the same objects. */
const attachmentFolder = (key: string) =>
  `outbox/${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;

async function storeAttachments(ctx: Ctx, key: string, files: MailAttachment[]) {
  const folder = attachmentFolder(key);
  const stored: OutboundAttachment[] = [];
  for (const [i, file] of files.entries()) {
    const storage_key = `${folder}/${i}-${file.filename.replace(/[^\w.-]+/g, '_')}`;
    await ctx.storage.put(storage_key, file.content);
    stored.push({ filename: file.filename, content_type: file.contentType, storage_key });
  }
  return stored;
}

async function rowOf(ctx: Ctx, m: OutboundMessage): Promise<NewOutbound> {
  const base = { key: m.key, kind: m.kind };
  if (m.channel === 'sms') return { ...base, channel: 'sms', to: m.to, subject: '', text: m.text };
  if (m.channel === 'webhook') {
    return { ...base, channel: 'webhook', to: m.url, subject: '', text: JSON.stringify(m.body) };
  }
  return {
    ...base,
    channel: 'mail',
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html ?? null,
    attachments: m.attachments?.length ? await storeAttachments(ctx, m.key, m.attachments) : null,
  };
}

/**
 * The one delivery path (issue 39, item 12): stores each message under its idempotency key
 * and queues its `outbound-message` job. A message whose key is already stored is dropped,
 * so a fan-out run again after a crash sends nobody twice; one stored but not queued (the
 * process stopped in between) is queued by the sweep. Attachments are written to storage
 * first, so a stored row never points at a file that is not there.
 */
export async function queueMessages(ctx: Ctx, messages: OutboundMessage[]) {
  if (messages.length === 0) return;
  const rows = await Promise.all(messages.map((m) => rowOf(ctx, m)));
  const ids = await insertMessages(ctx.database.db, rows);
  // A dropped message that was already sent had its files removed: the ones just written
  // again for it are orphans. One still waiting uses the same objects, so they stay.
  const dropped = rows.filter((r) => r.attachments && !ids.keys.has(r.key)).map((r) => r.key);
  for (const key of await purgedKeys(ctx.database.db, dropped)) {
    const row = rows.find((r) => r.key === key);
    for (const file of row?.attachments ?? []) await ctx.storage.delete(file.storage_key);
  }
  for (const id of ids.ids) await enqueueSend(ctx, id);
}

/** E-mails only: the shape billing notices, resets and invitations hand over. */
export async function queueMail(ctx: Ctx, mails: OutboundMail[]) {
  await queueMessages(ctx, mails);
}
