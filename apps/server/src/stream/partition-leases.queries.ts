import { and, gt, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { installationLeases } from '../db/schema';

/** The unexpired leases whose names start with `prefix`, with their holders. */
export function liveLeases(db: Db, prefix: string) {
  return db
    .select({ name: installationLeases.name, holder: installationLeases.holder })
    .from(installationLeases)
    .where(
      and(
        like(installationLeases.name, `${prefix.replace(/[\\%_]/g, '\\$&')}%`),
        gt(installationLeases.expires_at, sql`now()`),
      ),
    );
}
