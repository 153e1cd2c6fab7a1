import { crc16Kermit } from './ruptela.crc';

/**
 * Framing of Ruptela packets: length (2, the bytes between it and the CRC), then from the
 * device IMEI (8, an integer) and command (1) and its data; from the server command (1) and
 * data; then CRC-16/KERMIT (2) of what the length counts.
 */

/** IMEI and command: the least a device packet holds. */
export const MIN_DEVICE_LENGTH = 9;
/** The devices send at most 1024 bytes a packet (the firmware's buffer), length and CRC included. */
export const MAX_PACKET_BYTES = 1024;
export const MAX_LENGTH = MAX_PACKET_BYTES - 4;

export interface RuptelaFrame {
  /** The 15-digit IMEI. */
  imei: string;
  command: number;
  /** The command's data, without the CRC. */
  data: Buffer;
  /** Bytes on the wire: length field, body and CRC. */
  size: number;
}

/** Whether the `length` bytes after the length field at `at` are followed by their CRC. */
export function crcHolds(buf: Buffer, length: number, at = 0): boolean {
  const end = at + 2 + length;
  if (end + 2 > buf.length) return false;
  return crc16Kermit(buf, at + 2, end) === buf.readUInt16BE(end);
}

/**
 * Lengths whose CRC holds over the bytes that are here, shortest first: where a packet whose
 * length field is wrong really ends. One pass, the CRC carried along.
 */
export function lengthsWithValidCrc(buf: Buffer): number[] {
  const found: number[] = [];
  let crc = 0;
  for (let i = 2; i + 2 <= buf.length && i - 2 <= MAX_LENGTH; i++) {
    const length = i - 2;
    if (length >= MIN_DEVICE_LENGTH && crc === buf.readUInt16BE(i)) found.push(length);
    crc ^= buf[i]!;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return found;
}

/** The device packet of `length` body bytes at the start of `buf` (which holds all of it). */
export function frameOf(buf: Buffer, length: number): RuptelaFrame {
  const imei = buf.readBigUInt64BE(2).toString().padStart(15, '0');
  return {
    imei,
    command: buf[10]!,
    data: buf.subarray(11, 2 + length),
    size: length + 4,
  };
}

/** A server packet: length, command, data, CRC. */
export function buildServerPacket(command: number, data: Uint8Array): Buffer {
  const out = Buffer.alloc(data.length + 5);
  out.writeUInt16BE(data.length + 1, 0);
  out[2] = command;
  out.set(data, 3);
  out.writeUInt16BE(crc16Kermit(out, 2, 3 + data.length), 3 + data.length);
  return out;
}

/** A device packet: length, IMEI, command, data, CRC (the simulator and tests send these). */
export function buildDevicePacket(imei: string, command: number, data: Uint8Array): Buffer {
  const out = Buffer.alloc(data.length + 13);
  out.writeUInt16BE(data.length + MIN_DEVICE_LENGTH, 0);
  out.writeBigUInt64BE(BigInt(imei), 2);
  out[10] = command;
  out.set(data, 11);
  out.writeUInt16BE(crc16Kermit(out, 2, 11 + data.length), 11 + data.length);
  return out;
}
