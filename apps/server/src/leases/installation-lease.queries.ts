import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { installationLeases } from '../db/schema';

/**
 * Takes or renews the lease in one statement on the database's clock: the row is ours when
 * it is new, already ours, or expired (or, `sole`, always: one process owns the database).
 * Concurrent callers serialise on the row, so at most one gets it back. True when held.
 */
export async function takeLease(
  db: Db,
  name: string,
  holder: string,
  leaseMs: number,
  sole: boolean,
): Promise<boolean> {
  const expires = sql`now() + ${leaseMs} * interval '1 millisecond'`;
  const rows = await db
    .insert(installationLeases)
    .values({ name, holder, expires_at: expires })
    .onConflictDoUpdate({
      target: installationLeases.name,
      set: { holder, expires_at: expires },
      ...(sole
        ? {}
        : {
            setWhere: or(
              eq(installationLeases.holder, holder),
              lt(installationLeases.expires_at, sql`now()`),
            ),
          }),
    })
    .returning({ holder: installationLeases.holder });
  return rows.length === 1;
}

/** Gives the lease up at once (a stop), so the next holder need not wait for it to expire. */
export async function releaseLease(db: Db, name: string, holder: string) {
  await db
    .delete(installationLeases)
    .where(and(eq(installationLeases.name, name), eq(installationLeases.holder, holder)));
}

/** The SQL condition "`holder` holds `name` now": writes that only a holder may make. */
export function holdsLease(name: string, holder: string) {
  return sql`EXISTS (SELECT 1 FROM ${installationLeases} WHERE ${and(
    eq(installationLeases.name, name),
    eq(installationLeases.holder, holder),
    gt(installationLeases.expires_at, sql`now()`),
  )})`;
}
