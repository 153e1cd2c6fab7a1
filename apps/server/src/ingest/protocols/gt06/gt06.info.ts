import type { DeviceStatus } from '@waymark/domain';
import { toHex } from '../bytes';

/**
 * 0x94 information transmission (Concox protocol, "server no response"): a type byte, then
 *  - 0x00 external power voltage: 2 bytes, 10 mV;
 *  - 0x04 terminal status synchronisation: ASCII `KEY=value;` pairs, `ICCID=` among them;
 *  - 0x0A IMEI (8), IMSI (8), ICCID (10), each in BCD.
 * Other types (door status, fuel sensor, RFID reader, ...) carry nothing Waymark keeps.
 * Undefined when the packet said nothing we store.
 */
export function decodeInformation(
  content: Buffer,
  serial: string,
  now: Date,
): DeviceStatus | undefined {
  const type = content[0];
  const data = content.subarray(1);
  if (type === 0x00 && data.length >= 2) {
    return { serial, time: now, externalVoltage: data.readUInt16BE(0) / 100 };
  }
  const iccid =
    type === 0x0a && data.length >= 26
      ? iccidFromBcd(data.subarray(16, 26))
      : type === 0x04
        ? iccidFromText(data.toString('latin1'))
        : undefined;
  return iccid ? { serial, time: now, iccid } : undefined;
}

/**
 * ICCIDs are 19 or 20 digits and begin with the telecom prefix 89 (ITU-T E.118). BCD pads an odd
 * count with F; some units send each byte's nibbles swapped, as the SIM stores them ("98...").
 */
export function iccidFromBcd(bytes: Buffer): string | undefined {
  let hex = toHex(bytes).toLowerCase();
  if (hex.startsWith('98')) hex = hex.replace(/(.)(.)/g, '$2$1');
  return validIccid(hex.replace(/f+$/, ''));
}

/** `ICCID=8997103101008959042F;` in a status text, or `<ICCID:8988...>` in a command reply. */
export function iccidFromText(text: string): string | undefined {
  const match = /ICCID[=:]([0-9A-Fa-f]{19,20})/.exec(text);
  return match ? validIccid(match[1]!.replace(/[Ff]+$/, '')) : undefined;
}

const validIccid = (digits: string) => (/^89\d{17,18}$/.test(digits) ? digits : undefined);
