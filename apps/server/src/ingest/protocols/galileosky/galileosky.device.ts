import { ProtocolError } from '../types';
import { buildGalileoskyPacket } from './galileosky.frame';

/**
 * What a Galileosky terminal sends, for the simulator and round-trip tests: the head packet
 * (hardware and firmware version, IMEI, device number), main packets of records in the layout
 * of the manuals' default main packet, and the answer to a command. Pure.
 */
export interface GalileoskyLocation {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  satellites: number;
  /** Whether the unit found its coordinates (the correctness nibble 0). */
  valid?: boolean;
  hdop?: number;
  /** Volts of the vehicle's supply (0x41) and of the internal battery (0x42). */
  externalVoltage?: number;
  batteryVoltage?: number;
  /** The unit's record number (0x10). */
  index?: number;
  /** Metres (0xD4). */
  odometer?: number;
}

const HARDWARE_VERSION = 0x82;
const FIRMWARE_VERSION = 0x13;

export function encodeGalileoskyHead(imei: string, deviceNumber: number): Buffer {
  if (!/^\d{15}$/.test(imei))
    throw new ProtocolError(`Galileosky IMEI must be 15 digits, got ${imei}`);
  const tags = Buffer.alloc(2 + 2 + 16 + 3);
  let at = tags.writeUInt8(0x01, 0);
  at = tags.writeUInt8(HARDWARE_VERSION, at);
  at = tags.writeUInt8(0x02, at);
  at = tags.writeUInt8(FIRMWARE_VERSION, at);
  at = tags.writeUInt8(0x03, at);
  at += tags.write(imei, at, 'latin1');
  at = tags.writeUInt8(0x04, at);
  tags.writeUInt16LE(deviceNumber & 0xffff, at);
  return buildGalileoskyPacket(tags);
}

/** A main packet of `records`, oldest first; `archivePending` says more are to come. */
export function encodeGalileoskyRecords(
  records: readonly GalileoskyLocation[],
  archivePending = false,
): Buffer {
  return buildGalileoskyPacket(Buffer.concat(records.map(recordTags)), archivePending);
}

/** A unit's answer to command `commandNumber`: the command packet's tags with its reply. */
export function encodeGalileoskyAnswer(
  imei: string,
  deviceNumber: number,
  commandNumber: number,
  reply: string,
): Buffer {
  const text = Buffer.from(reply, 'latin1');
  const tags = Buffer.alloc(16 + 3 + 5 + 2 + text.length);
  let at = tags.writeUInt8(0x03, 0);
  at += tags.write(imei, at, 'latin1');
  at = tags.writeUInt8(0x04, at);
  at = tags.writeUInt16LE(deviceNumber & 0xffff, at);
  at = tags.writeUInt8(0xe0, at);
  at = tags.writeUInt32LE(commandNumber >>> 0, at);
  at = tags.writeUInt8(0xe1, at);
  at = tags.writeUInt8(text.length, at);
  text.copy(tags, at);
  return buildGalileoskyPacket(tags);
}

/** One record's tags, in ascending order as the units send them. */
function recordTags(l: GalileoskyLocation): Buffer {
  const out = Buffer.alloc(3 + 5 + 10 + 5 + 3 + 2 + 3 + 3 + 5);
  let at = out.writeUInt8(0x10, 0);
  at = out.writeUInt16LE((l.index ?? 0) & 0xffff, at);
  at = out.writeUInt8(0x20, at);
  at = out.writeUInt32LE(Math.floor(l.time.getTime() / 1000), at);
  at = out.writeUInt8(0x30, at);
  const correctness = l.valid === false ? 0x10 : 0;
  at = out.writeUInt8(correctness | Math.max(0, Math.min(15, l.satellites)), at);
  at = out.writeInt32LE(Math.round(l.lat * 1e6), at);
  at = out.writeInt32LE(Math.round(l.lng * 1e6), at);
  at = out.writeUInt8(0x33, at);
  at = out.writeUInt16LE(Math.min(0xffff, Math.round(l.speedKmh * 10)), at);
  at = out.writeUInt16LE(Math.round((((l.course % 360) + 360) % 360) * 10) % 3600, at);
  at = out.writeUInt8(0x34, at);
  at = out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(l.altitude))), at);
  at = out.writeUInt8(0x35, at);
  at = out.writeUInt8(Math.min(255, Math.round((l.hdop ?? 0.9) * 10)), at);
  at = out.writeUInt8(0x41, at);
  at = out.writeUInt16LE(Math.round((l.externalVoltage ?? 12.6) * 1000), at);
  at = out.writeUInt8(0x42, at);
  at = out.writeUInt16LE(Math.round((l.batteryVoltage ?? 4.1) * 1000), at);
  at = out.writeUInt8(0xd4, at);
  out.writeUInt32LE(Math.round(l.odometer ?? 0) >>> 0, at);
  return out;
}
