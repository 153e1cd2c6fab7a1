import type { DeviceStatus } from '@waymark/domain';
import { LOW_BATTERY_PERCENT } from './steps/events';

/** What a batch's reports without coordinates change on one device. */
export interface StatusWrite {
  deviceId: number;
  /** null: the reports said nothing about it, keep the stored value. */
  charging: boolean | null;
  lowBattery: boolean | null;
  battery: number | null;
  /** SOS is latched: a report can raise it, only a user clears it. */
  sos: boolean;
  /** null: not reported in this batch, keep the stored value. */
  iccid: string | null;
  externalVoltage: number | null;
}

/**
 * Folds the statuses (GT06 heartbeats, LBS-only alarms, information packets) of a batch into one write per device,
 * later reports overriding earlier ones, so they go to the database as one bulk statement with
 * the batch instead of a transaction per heartbeat.
 */
export function statusWrites(entries: readonly { deviceId: number; status: DeviceStatus }[]) {
  const writes = new Map<number, StatusWrite>();
  for (const { deviceId, status } of entries) {
    const write = writes.get(deviceId) ?? {
      deviceId,
      charging: null,
      lowBattery: null,
      battery: null,
      sos: false,
      iccid: null,
      externalVoltage: null,
    };
    if (status.charging !== undefined) write.charging = status.charging;
    if (status.battery !== undefined) {
      write.battery = status.battery;
      write.lowBattery = status.battery < LOW_BATTERY_PERCENT;
    }
    if (status.alarm === 'sos') write.sos = true;
    if (status.iccid !== undefined) write.iccid = status.iccid;
    if (status.externalVoltage !== undefined) write.externalVoltage = status.externalVoltage;
    writes.set(deviceId, write);
  }
  return [...writes.values()];
}
