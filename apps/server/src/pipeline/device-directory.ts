import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { unknownDevices } from '../db/schema';
import type { Bus } from '../events/bus';
import type { DeviceRef } from './position';
import { devicesBySerial } from './registry.queries';

/**
 * Finds the device of a serial (its account, name and SLA bounds), cached in memory until a
 * `device.changed` event names its serial. Reports from serials no device has are counted in
 * `unknown_devices` (visible to platform admins) and logged once per serial.
 */
export class DeviceDirectory {
  private readonly bySerial = new Map<string, DeviceRef | null>();
  private readonly loggedUnknown = new Set<string>();

  readonly stopListening: () => void;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    bus: Bus,
  ) {
    this.stopListening = bus.subscribe('device.changed', ({ serials }) => {
      if (serials.length === 0) this.invalidate();
      for (const serial of serials) this.invalidate(serial);
    });
  }

  async resolve(serials: Iterable<string>): Promise<Map<string, DeviceRef>> {
    const wanted = [...new Set(serials)];
    const missing = wanted.filter((s) => !this.bySerial.has(s));
    if (missing.length > 0) {
      const rows = await devicesBySerial(this.db, missing);
      for (const serial of missing) this.bySerial.set(serial, null);
      for (const { serial, ...device } of rows) this.bySerial.set(serial, device);
    }
    const found = new Map<string, DeviceRef>();
    for (const serial of wanted) {
      const device = this.bySerial.get(serial);
      if (device) found.set(serial, device);
    }
    return found;
  }

  /** Forgets cached answers: one serial's, or all of them. */
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
