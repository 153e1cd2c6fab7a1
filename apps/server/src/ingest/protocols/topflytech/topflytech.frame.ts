import { toHex } from '../bytes';
import { ProtocolError } from '../types';

/**
 * Framing of Topflytech's T880x protocol ("PROTOCOL (T8803 Pro T8806)" V5.6, and the later
 * 0x25 / 0x26 / 0x27 families of the same layout): header (2: 0x2323 T8803/T8806, 0x2525
 * T8808+ and TLW2, 0x2626 TLD and OBD units, 0x2727 solar asset units), type (1), length (2,
 * the whole packet), serial number (2), IMEI (8, BCD with a leading 0), content. No checksum.
 */
export const HEADERS = [0x2323, 0x2525, 0x2626, 0x2727] as const;
export type TopflytechHeader = (typeof HEADERS)[number];

/** Header, type, length, serial number and IMEI: the shortest packet (a heartbeat). */
export const HEAD_BYTES = 15;
/** The units' packets stay well under this (a BLE report of many tags is the longest). */
export const MAX_PACKET = 1024;

export interface TopflytechFrame {
  header: TopflytechHeader;
  type: number;
  serialNo: number;
  /** The 8 IMEI bytes as sent, echoed in every answer. */
  imeiBytes: Buffer;
  /** The IMEI's 15 digits, or undefined when the bytes are not BCD. */
  imei: string | undefined;
  content: Buffer;
  size: number;
}

export const isHeaderAt = (buf: Buffer, at: number) =>
  at + 1 < buf.length &&
  buf[at] === buf[at + 1] &&
  (HEADERS as readonly number[]).includes(buf.readUInt16BE(at));

/**
 * Where the next packet of the unit with these IMEI bytes starts in `buf` after its first byte:
 * a header whose IMEI is that unit's (no checksum guards the packets, so the IMEI is what tells
 * a packet from bytes that look like a header).
 */
export function nextPacketOf(buf: Buffer, imeiBytes: Buffer): number | undefined {
  for (let at = 1; at + HEAD_BYTES <= buf.length; at++) {
    if (isHeaderAt(buf, at) && buf.subarray(at + 7, at + HEAD_BYTES).equals(imeiBytes)) return at;
  }
  return undefined;
}

/** One packet at the start of `buf`; undefined means "wait for more bytes". */
export function readTopflytechFrame(buf: Buffer): TopflytechFrame | undefined {
  if (buf.length === 0) return undefined;
  if (buf.length === 1) {
    if ([0x23, 0x25, 0x26, 0x27].includes(buf[0]!)) return undefined;
    throw garbage(buf);
  }
  if (!isHeaderAt(buf, 0)) throw garbage(buf);
  if (buf.length < 5) return undefined;
  const size = buf.readUInt16BE(3);
  if (size < HEAD_BYTES || size > MAX_PACKET) {
    throw new ProtocolError(
      `Topflytech packet length must be ${HEAD_BYTES} to ${MAX_PACKET} bytes, got ${size}`,
    );
  }
  if (buf.length < size) return undefined;
  const imeiBytes = buf.subarray(7, 15);
  const digits = toHex(imeiBytes);
  return {
    header: buf.readUInt16BE(0) as TopflytechHeader,
    type: buf[2]!,
    serialNo: buf.readUInt16BE(5),
    imeiBytes,
    imei: /^0\d{15}$/.test(digits) ? digits.slice(1) : undefined,
    content: buf.subarray(HEAD_BYTES, size),
    size,
  };
}

/** A packet with the device's header, type, serial number and IMEI (answers, commands, tests). */
export function buildTopflytechPacket(
  header: number,
  type: number,
  serialNo: number,
  imeiBytes: Uint8Array,
  content: Uint8Array = new Uint8Array(0),
): Buffer {
  const out = Buffer.alloc(HEAD_BYTES + content.length);
  out.writeUInt16BE(header, 0);
  out[2] = type;
  out.writeUInt16BE(out.length, 3);
  out.writeUInt16BE(serialNo & 0xffff, 5);
  out.set(imeiBytes.subarray(0, 8), 7);
  out.set(content, HEAD_BYTES);
  return out;
}

/** The IMEI's 15 digits as the 8 BCD bytes a unit sends. */
export function imeiToBcd(imei: string): Buffer {
  if (!/^\d{15}$/.test(imei))
    throw new ProtocolError(`Topflytech IMEI must be 15 digits, got ${imei}`);
  return Buffer.from(`0${imei}`, 'hex');
}

function garbage(buf: Buffer): ProtocolError {
  return new ProtocolError(
    `Topflytech packet must start with 2323, 2525, 2626 or 2727, got ${toHex(buf.subarray(0, 8))}`,
  );
}
