import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { devices, unknownDevices } from '../db/schema';
import type { DeviceRef } from './position';

/**
 * Finds the device of a serial, cached in memory. Reports from serials no device has are
 * counted in `unknown_devices` (visible to platform admins) and logged once per serial.
 */
export class DeviceDirectory {
  private readonly bySerial = new Map<string, DeviceRef | null>();
  private readonly loggedUnknown = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async resolve(serials: Iterable<string>): Promise<Map<string, DeviceRef>> {
    const wanted = [...new Set(serials)];
    const missing = wanted.filter((s) => !this.bySerial.has(s));
    if (missing.length > 0) {
      const rows = await this.db
        .select({
          id: devices.id,
          accountId: devices.account_id,
          name: devices.name,
          serial: devices.serial,
        })
        .from(devices)
        .where(inArray(devices.serial, missing));
      for (const serial of missing) this.bySerial.set(serial, null);
      for (const row of rows)
        this.bySerial.set(row.serial, { id: row.id, accountId: row.accountId, name: row.name });
    }
    const found = new Map<string, DeviceRef>();
    for (const serial of wanted) {
      const device = this.bySerial.get(serial);
      if (device) found.set(serial, device);
    }
    return found;
  }

  /** Forgets cached answers, e.g. after a device is created, renamed or moved. */
  invalidate(serial?: string) {
    if (serial === undefined) this.bySerial.clear();
    else this.bySerial.delete(serial);
  }

  async recordUnknown(counts: Map<string, number>, protocol: string, remoteAddress?: string) {
    for (const [serial, reports] of counts) {
      if (!this.loggedUnknown.has(serial)) {
        this.loggedUnknown.add(serial);
        this.log.warn({ serial, protocol, remoteAddress }, 'report from an unknown serial ignored');
      }
      // Unknown serials were cached as null; a device created later is found after invalidate().
      await this.db
        .insert(unknownDevices)
        .values({ serial, protocol, reports, remote_address: remoteAddress ?? null })
        .onConflictDoUpdate({
          target: unknownDevices.serial,
          set: {
            reports: sql`${unknownDevices.reports} + ${reports}`,
            last_seen_at: sql`now()`,
            remote_address: remoteAddress ?? null,
          },
        });
    }
  }
}
