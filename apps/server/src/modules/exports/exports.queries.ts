import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, exportFiles } from '../../db/schema';

/** Links to generated files work for a week. */
export const EXPORT_TTL_MS = 7 * 24 * 3600_000;

/**
 * Records the file a job made, once: a retry of the same job gets the row of its first
 * attempt back, so one job never leaves two exports.
 */
export async function createExport(
  db: Db,
  values: {
    job_id: string;
    account_id: number;
    user_id: number;
    filename: string;
    content_type: string;
    storage_key: string;
  },
) {
  await db
    .insert(exportFiles)
    .values({ ...values, expires_at: new Date(Date.now() + EXPORT_TTL_MS) })
    .onConflictDoNothing({ target: exportFiles.job_id });
  return (await exportOfJob(db, values.job_id))!;
}

export async function exportOfJob(db: Db, jobId: string) {
  const [row] = await db
    .select({ id: exportFiles.id, mailed_at: exportFiles.mailed_at })
    .from(exportFiles)
    .where(eq(exportFiles.job_id, jobId));
  return row;
}

/** The link's mail is in the outbox: a retry of the job queues nothing more. */
export async function markMailed(db: Db, exportId: string) {
  await db
    .update(exportFiles)
    .set({ mailed_at: sql`now()` })
    .where(and(eq(exportFiles.id, exportId), isNull(exportFiles.mailed_at)));
}

export async function findLiveExport(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(exportFiles)
    .where(and(eq(exportFiles.id, id), gt(exportFiles.expires_at, sql`now()`)));
  return row;
}

/** The names of these trackers by id, for the rows of a positions CSV. */
export async function deviceNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(inArray(devices.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
