import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { unknownDevices } from '../../db/schema';

/** Serials that reported without belonging to a tracker, most recently heard first. */
export function unassignedDevices(db: Db, limit: number) {
  return db.select().from(unknownDevices).orderBy(desc(unknownDevices.last_seen_at)).limit(limit);
}

export type UnassignedDeviceRow = Awaited<ReturnType<typeof unassignedDevices>>[number];
