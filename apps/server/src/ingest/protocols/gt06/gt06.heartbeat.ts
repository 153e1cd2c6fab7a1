import type { DeviceStatus } from '@waymark/domain';
import { batteryFromLevel, decodeTerminalInfo } from './gt06.fields';
import type { StatusFields } from './gt06.fields';

const HEARTBEAT = 0x13;
const HEARTBEAT_EXT_VOLTAGE = 0x23;

export const isHeartbeat = (protocol: number) =>
  protocol === HEARTBEAT || protocol === HEARTBEAT_EXT_VOLTAGE;

/**
 * §2.1: 0x13 = info, voltage level, GSM, language(2); 0x23 (GK310, EG02) = info, voltage ×100
 * (2), GSM, language(2). Both are acknowledged.
 */
export function decodeHeartbeat(
  protocol: number,
  c: Buffer,
  serial: string,
  now: Date,
): DeviceStatus {
  const status: DeviceStatus = { serial, time: now };
  if (protocol === HEARTBEAT && c.length === 5) {
    const level = c.readUInt8(1);
    const fields: StatusFields = {
      ...decodeTerminalInfo(c.readUInt8(0)),
      gsmSignal: c.readUInt8(2),
    };
    const battery = batteryFromLevel(level);
    if (battery !== undefined) fields.battery = battery;
    fields.attributes = { ...fields.attributes, batteryLevel: level };
    return { ...status, ...fields };
  }
  if (protocol === HEARTBEAT_EXT_VOLTAGE && c.length === 6) {
    const fields = decodeTerminalInfo(c.readUInt8(0));
    return {
      ...status,
      ...fields,
      externalVoltage: c.readUInt16BE(1) / 100,
      gsmSignal: c.readUInt8(3),
    };
  }
  // Vendor variants reuse 0x13 with other layouts; answer them but do not guess their fields.
  return status;
}
