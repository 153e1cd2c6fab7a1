import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { currentPositions, devices } from '../db/schema';
import type { DeviceStatus } from '../ingest/protocols/types';
import { LOW_BATTERY_PERCENT } from './steps/events';

/**
 * Applies a report without coordinates (GT06 heartbeat, LBS-only alarm) to a known device:
 * battery, charging and SOS flags, and the battery of its current position, in one commit.
 */
export async function applyDeviceStatus(db: Db, deviceId: number, status: DeviceStatus) {
  const flags: Partial<typeof devices.$inferInsert> = {};
  if (status.charging !== undefined) flags.charging = status.charging;
  if (status.alarm === 'sos') flags.sos = true;
  if (status.battery !== undefined) flags.low_battery = status.battery < LOW_BATTERY_PERCENT;
  const battery = status.battery;
  if (Object.keys(flags).length === 0 && battery === undefined) return;
  await db.transaction(async (tx) => {
    if (Object.keys(flags).length > 0)
      await tx.update(devices).set(flags).where(eq(devices.id, deviceId));
    if (battery !== undefined) {
      await tx
        .update(currentPositions)
        .set({ battery })
        .where(eq(currentPositions.device_id, deviceId));
    }
  });
}
