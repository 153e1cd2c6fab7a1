import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { currentPositions, devices } from '../db/schema';
import type { DeviceStatus } from '../ingest/protocols/types';
import { LOW_BATTERY_PERCENT } from './steps/events';

/**
 * Applies a report without coordinates (GT06 heartbeat, LBS-only alarm): battery, charging and
 * SOS flags of the device, and the battery of its current position. Unknown serials are ignored.
 */
export async function applyDeviceStatus(db: Db, status: DeviceStatus) {
  const [device] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.serial, status.serial));
  if (!device) return;
  const flags: Partial<typeof devices.$inferInsert> = {};
  if (status.charging !== undefined) flags.charging = status.charging;
  if (status.alarm === 'sos') flags.sos = true;
  if (status.battery !== undefined) flags.low_battery = status.battery < LOW_BATTERY_PERCENT;
  if (Object.keys(flags).length > 0)
    await db.update(devices).set(flags).where(eq(devices.id, device.id));
  if (status.battery !== undefined) {
    await db
      .update(currentPositions)
      .set({ battery: status.battery })
      .where(eq(currentPositions.device_id, device.id));
  }
}
