import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices } from '../db/schema';
import type { StreamSink } from './stream-sink';

/**
 * The trips-rebuild job of a split set-up: any worker may run the job, but the device's
 * segmentation state is its partition owner's, so the rebuild goes down the device's
 * partition and runs there, behind the reports already waiting.
 */
export function rebuildOnPartition(db: Db, sink: StreamSink) {
  return async (deviceId: number, from: Date) => {
    const [device] = await db
      .select({ serial: devices.serial })
      .from(devices)
      .where(eq(devices.id, deviceId));
    if (device) await sink.rebuild(device.serial, deviceId, from);
  };
}
