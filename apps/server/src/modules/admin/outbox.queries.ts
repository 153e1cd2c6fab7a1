import { count, desc, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { mailOutbox, smsOutbox } from '../../db/schema';

export interface OutboxPage {
  search?: string | undefined;
  limit: number;
  offset: number;
}

const like = (search: string | undefined) => (search ? containsPattern(search) : undefined);

/** Mail written by the outbox adapter, newest first, searched by recipient. */
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

/** Text messages written by the outbox adapter, newest first, searched by number. */
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
