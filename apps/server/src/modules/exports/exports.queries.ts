import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportFiles } from '../../db/schema';

/** Links to generated files work for a week. */
export const EXPORT_TTL_MS = 7 * 24 * 3600_000;

export async function createExport(
  db: Db,
  values: {
    account_id: number;
    user_id: number;
    filename: string;
    content_type: string;
    storage_key: string;
  },
) {
  const [row] = await db
    .insert(exportFiles)
    .values({ ...values, expires_at: new Date(Date.now() + EXPORT_TTL_MS) })
    .returning({ id: exportFiles.id });
  return row!.id;
}

export async function findLiveExport(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(exportFiles)
    .where(and(eq(exportFiles.id, id), gt(exportFiles.expires_at, sql`now()`)));
  return row;
}
