import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';

/** Which of these serials belong to trackers of the account. */
export async function ownedSerials(db: Db, accountId: number, serials: string[]) {
  const owned = await db
    .select({ serial: devices.serial })
    .from(devices)
    .where(and(eq(devices.account_id, accountId), inArray(devices.serial, serials)));
  return new Set(owned.map((d) => d.serial));
}
