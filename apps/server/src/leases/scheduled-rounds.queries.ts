import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scheduledRounds } from '../db/schema';

/** The newest round recorded of a schedule, or undefined before its first. */
export async function lastRound(db: Db, name: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ slot: scheduledRounds.slot })
    .from(scheduledRounds)
    .where(eq(scheduledRounds.name, name))
    .orderBy(desc(scheduledRounds.slot))
    .limit(1);
  return row?.slot;
}

/**
 * Records a round if `holds` (the lease condition) is true in the same statement and the round
 * is not recorded yet: true when this call recorded it.
 */
export async function recordRound(
  db: Db,
  round: { name: string; slot: Date; jobId: string; holder: string },
  holds: SQL,
): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO ${scheduledRounds} (name, slot, job_id, holder)
    SELECT ${round.name}, ${round.slot.toISOString()}::timestamptz, ${round.jobId}::uuid, ${round.holder}
    WHERE ${holds}
    ON CONFLICT DO NOTHING
    RETURNING slot`);
  // Both drivers answer a raw statement with its rows (node-postgres and PGlite alike).
  return (result as unknown as { rows: unknown[] }).rows.length === 1;
}

/** Rounds recorded but not yet queued (their recorder may have died in between), oldest first. */
export function unqueuedRounds(db: Db, name: string, since: Date) {
  return db
    .select({ slot: scheduledRounds.slot, job_id: scheduledRounds.job_id })
    .from(scheduledRounds)
    .where(
      and(
        eq(scheduledRounds.name, name),
        gt(scheduledRounds.slot, since),
        eq(scheduledRounds.queued, false),
      ),
    )
    .orderBy(scheduledRounds.slot);
}

export async function markQueued(db: Db, name: string, slot: Date) {
  await db
    .update(scheduledRounds)
    .set({ queued: true })
    .where(and(eq(scheduledRounds.name, name), eq(scheduledRounds.slot, slot)));
}

/** Forgets a schedule's rounds older than `before` (the job queue keeps their outcome). */
export async function forgetRounds(db: Db, name: string, before: Date) {
  await db
    .delete(scheduledRounds)
    .where(and(eq(scheduledRounds.name, name), lt(scheduledRounds.slot, before)));
}
