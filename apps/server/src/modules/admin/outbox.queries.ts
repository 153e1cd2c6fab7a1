import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { mailOutbox, outboundMessages, smsOutbox } from '../../db/schema';
import type { OutboundChannel } from '../../db/schema/delivery';

export interface OutboxPage {
  search?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * Every message of the one outbox (mail, SMS, webhooks), newest first, searched by recipient
 * (an address, a number or a URL) and narrowed to one channel.
 */
export async function outboundPage(db: Db, page: OutboxPage & { channel?: OutboundChannel }) {
  const pattern = like(page.search);
  const where = and(
    pattern ? ilike(outboundMessages.to, pattern) : undefined,
    page.channel ? eq(outboundMessages.channel, page.channel) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboundMessages)
      .where(where)
      .orderBy(desc(outboundMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(outboundMessages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const like = (search: string | undefined) => (search ? containsPattern(search) : undefined);

/** Mail the embedded mail adapter kept instead of sending (no SMTP_URL), newest first, searched by recipient. */
export async function mailPage(db: Db, page: OutboxPage) {
  const pattern = like(page.search);
  const where = pattern ? ilike(mailOutbox.to, pattern) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Text messages the embedded SMS adapter kept instead of sending (no SMS_URL), newest first, searched by number. */
export async function smsPage(db: Db, page: OutboxPage) {
  const pattern = like(page.search);
  const where = pattern ? ilike(smsOutbox.to, pattern) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(smsOutbox)
      .where(where)
      .orderBy(desc(smsOutbox.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(smsOutbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
