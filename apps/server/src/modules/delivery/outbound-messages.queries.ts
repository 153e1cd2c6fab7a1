import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboundMessages } from '../../db/schema';

export type OutboundRow = typeof outboundMessages.$inferSelect;
export type NewOutbound = Pick<
  typeof outboundMessages.$inferInsert,
  'key' | 'kind' | 'channel' | 'to' | 'subject' | 'text' | 'html' | 'attachments'
>;

/** A send that took longer than this died with its process: the message may be claimed again. */
export const CLAIM_LEASE_MS = 5 * 60_000;

/** Stores the messages whose key is new; answers the ids and keys stored (a known key is dropped). */
export async function insertMessages(db: Db, messages: NewOutbound[]) {
  if (messages.length === 0) return { ids: [] as number[], keys: new Set<string>() };
  const rows = await db
    .insert(outboundMessages)
    .values(messages)
    .onConflictDoNothing({ target: outboundMessages.key })
    .returning({ id: outboundMessages.id, key: outboundMessages.key });
  return { ids: rows.map((r) => r.id), keys: new Set(rows.map((r) => r.key)) };
}

/** The keys among `keys` whose message is stored with its files already removed (sent). */
export async function purgedKeys(db: Db, keys: string[]) {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: outboundMessages.key })
    .from(outboundMessages)
    .where(and(inArray(outboundMessages.key, keys), isNull(outboundMessages.attachments)));
  return rows.map((r) => r.key);
}

/** Where each of these messages stands, by key (for a module's log of what it sent). */
export async function messagesByKey(db: Db, keys: string[]) {
  if (keys.length === 0) return new Map<string, DeliveryState>();
  const rows = await db
    .select({
      key: outboundMessages.key,
      status: outboundMessages.status,
      outcome: outboundMessages.outcome,
      last_error: outboundMessages.last_error,
      attempts: outboundMessages.attempts,
    })
    .from(outboundMessages)
    .where(inArray(outboundMessages.key, keys));
  return new Map(rows.map((r) => [r.key, r]));
}
export type DeliveryState = Pick<
  OutboundRow,
  'key' | 'status' | 'outcome' | 'last_error' | 'attempts'
>;

/**
 * Takes the message for one send: not when it was sent or failed for good, nor while another worker's claim is
 * fresh. A claim older than the lease belonged to a process that was killed mid-send.
 */
export async function claimMessage(db: Db, id: number): Promise<OutboundRow | undefined> {
  const [row] = await db
    .update(outboundMessages)
    .set({
      status: 'sending',
      claimed_at: sql`now()`,
      attempts: sql`${outboundMessages.attempts} + 1`,
    })
    .where(
      and(
        eq(outboundMessages.id, id),
        inArray(outboundMessages.status, ['pending', 'sending', 'retrying']),
        or(
          ne(outboundMessages.status, 'sending'),
          lt(outboundMessages.claimed_at, new Date(Date.now() - CLAIM_LEASE_MS)),
        ),
      ),
    )
    .returning();
  return row;
}

/**
 * Sent: the body and the files' references go (a reset link's secret is not kept past its
 * delivery, nor a report's bytes); the key, recipient and subject stay as the record.
 */
export async function markSent(db: Db, id: number, outcome: string | null) {
  await db
    .update(outboundMessages)
    .set({
      status: 'sent',
      sent_at: sql`now()`,
      text: '',
      html: null,
      attachments: null,
      outcome,
      last_error: null,
    })
    .where(eq(outboundMessages.id, id));
}

/**
 * A failed attempt, kept with its error: `retrying` while the queue will try again, `failed`
 * after the last attempt (with its content, for operators).
 */
export async function markFailed(db: Db, id: number, error: string, final: boolean) {
  await db
    .update(outboundMessages)
    .set({
      status: final ? 'failed' : 'retrying',
      last_error: error.slice(0, 2000),
      claimed_at: null,
    })
    .where(eq(outboundMessages.id, id));
}

/** Messages a stopped process stored and never queued, or whose send it died in. */
export async function unsentBefore(db: Db, before: Date): Promise<number[]> {
  const rows = await db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(
      and(
        inArray(outboundMessages.status, ['pending', 'sending']),
        lt(outboundMessages.created_at, before),
        or(
          eq(outboundMessages.status, 'pending'),
          lt(outboundMessages.claimed_at, new Date(Date.now() - CLAIM_LEASE_MS)),
        ),
      ),
    )
    .limit(1000);
  return rows.map((r) => r.id);
}
