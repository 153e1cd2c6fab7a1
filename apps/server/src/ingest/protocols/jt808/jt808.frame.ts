import { toHex } from '../bytes';
import { ProtocolError } from '../types';

/**
 * Framing of JT/T 808 (2011, 2013 and 2019 editions, §4.4): flag 0x7E, header, body, check code,
 * flag 0x7E. Between the flags, 0x7E is sent as 0x7D 0x02 and 0x7D as 0x7D 0x01; the check code
 * is the XOR of header and body. The header is message ID (2), body properties (2: length in
 * bits 0-9, encryption 10-12, sub-package 13, and from 2019 the version flag 14), then in 2019
 * a protocol version byte and the terminal's phone number as BCD[10], before 2019 as BCD[6];
 * the message serial number (2); and for a sub-package its count and index (2 + 2).
 *
 * A frame is delimited by its flags, so a body length or check code that does not match is
 * decoded with a notice (TCP already guards the bytes). Only bytes that cannot be a frame are an
 * error.
 */

export const FLAG = 0x7e;
const ESCAPE = 0x7d;
/** Message ID, properties, BCD[6] phone, serial number. */
const MIN_HEADER = 12;
/** The largest legal frame is 21 header + 1023 body + 1 check bytes, each escaped to two. */
export const MAX_FRAME_BYTES = 2 + 2 * (21 + 1023 + 1);
const VERSION_FLAG = 0x4000;
const SUBPACKAGE_FLAG = 0x2000;

/** Who a message is from or to: the header fields a reply repeats. */
export interface Jt808Terminal {
  /** 2019 header (version flag set), or the header shared by 2011 and 2013. */
  edition2019: boolean;
  /** The 2019 header's protocol version byte; 0 before 2019. */
  protocolVersion: number;
  /** The phone number as sent: BCD[10] in 2019, BCD[6] before. */
  phone: Buffer;
}

export interface Jt808Header extends Jt808Terminal {
  messageId: number;
  /** The body length the properties declare. */
  declaredLength: number;
  /** Encryption bits 10-12: 0 plain, 1 RSA. */
  encryption: number;
  serialNo: number;
  subpackage?: { total: number; index: number };
}

export type FrameRead =
  /** Wait for more bytes. */
  | undefined
  /** A lone flag (two frames' flags back to back, or a frame whose start was lost): skip it. */
  | { stray: 1 }
  /** Delimited but not a message: an escape or a header that does not hold. */
  | { bent: string; size: number }
  | { frame: Jt808Frame };

export interface Jt808Frame {
  header: Jt808Header;
  body: Buffer;
  /** Bytes of the frame on the wire, flag to flag. */
  size: number;
  checkValid: boolean;
  /** The declared body length matches the body between the flags. */
  lengthValid: boolean;
}

/** Where the next flag is at or after `from`, or -1. */
export function nextFlag(buf: Buffer, from: number): number {
  return buf.indexOf(FLAG, from);
}

/** Reads one frame at the start of `buf`, which must begin with a flag. */
export function readFrame(buf: Buffer): FrameRead {
  const end = buf.indexOf(FLAG, 1);
  if (end === -1) {
    if (buf.length > MAX_FRAME_BYTES) {
      throw new ProtocolError(
        `JT808 frame shows no closing flag 7E within ${MAX_FRAME_BYTES} bytes: ${toHex(buf.subarray(0, 16))}`,
      );
    }
    return undefined;
  }
  if (end === 1) return { stray: 1 };
  const size = end + 1;
  const raw = unescape(buf.subarray(1, end));
  if (typeof raw === 'string') return { bent: raw, size };
  if (raw.length < MIN_HEADER + 1) {
    return { bent: `JT808 frame of ${raw.length} byte(s) is shorter than a header`, size };
  }
  const header = readHeader(raw);
  if (typeof header === 'string') return { bent: header, size };
  const headerSize = headerLength(header);
  const body = raw.subarray(headerSize, raw.length - 1);
  return {
    frame: {
      header,
      body,
      size,
      checkValid: raw[raw.length - 1] === xor(raw.subarray(0, raw.length - 1)),
      lengthValid: body.length === header.declaredLength,
    },
  };
}

function headerLength(h: Jt808Header): number {
  return (h.edition2019 ? 17 : 12) + (h.subpackage ? 4 : 0);
}

function readHeader(raw: Buffer): Jt808Header | string {
  const messageId = raw.readUInt16BE(0);
  const properties = raw.readUInt16BE(2);
  const edition2019 = (properties & VERSION_FLAG) !== 0;
  const subpackaged = (properties & SUBPACKAGE_FLAG) !== 0;
  const size = (edition2019 ? 17 : 12) + (subpackaged ? 4 : 0);
  if (raw.length < size + 1) {
    return `JT808 0x${hex4(messageId)} frame of ${raw.length} byte(s) cannot hold its ${size}-byte header and check code`;
  }
  const phoneAt = edition2019 ? 5 : 4;
  const phoneEnd = phoneAt + (edition2019 ? 10 : 6);
  const header: Jt808Header = {
    messageId,
    declaredLength: properties & 0x03ff,
    encryption: (properties >> 10) & 0x07,
    edition2019,
    protocolVersion: edition2019 ? raw.readUInt8(4) : 0,
    phone: Buffer.from(raw.subarray(phoneAt, phoneEnd)),
    serialNo: raw.readUInt16BE(phoneEnd),
  };
  if (subpackaged) {
    header.subpackage = {
      total: raw.readUInt16BE(phoneEnd + 2),
      index: raw.readUInt16BE(phoneEnd + 4),
    };
  }
  return header;
}

/** §4.4.2: 7D 02 → 7E, 7D 01 → 7D; any other byte after 7D is not JT808. */
function unescape(escaped: Buffer): Buffer | string {
  if (!escaped.includes(ESCAPE)) return escaped;
  const out = Buffer.alloc(escaped.length);
  let n = 0;
  for (let i = 0; i < escaped.length; i++) {
    const b = escaped[i]!;
    if (b !== ESCAPE) {
      out[n++] = b;
      continue;
    }
    const next = escaped[++i];
    if (next === 0x02) out[n++] = FLAG;
    else if (next === 0x01) out[n++] = ESCAPE;
    else
      return `JT808 escape 7D must be followed by 01 or 02, got ${next === undefined ? 'nothing' : next.toString(16).padStart(2, '0')}`;
  }
  return out.subarray(0, n);
}

function escape(raw: Buffer): Buffer {
  const out: number[] = [];
  for (const b of raw) {
    if (b === FLAG) out.push(ESCAPE, 0x02);
    else if (b === ESCAPE) out.push(ESCAPE, 0x01);
    else out.push(b);
  }
  return Buffer.from(out);
}

export function xor(bytes: Uint8Array): number {
  let check = 0;
  for (const b of bytes) check ^= b;
  return check;
}

/**
 * Builds a message in the terminal's own header edition: a 2019 terminal is answered with the
 * version flag, its protocol version and its BCD[10] phone, an earlier one with BCD[6].
 */
export function buildFrame(
  terminal: Jt808Terminal,
  messageId: number,
  serialNo: number,
  body: Uint8Array,
): Buffer {
  if (body.length > 0x03ff) {
    throw new ProtocolError(`JT808 message body must be at most 1023 bytes, got ${body.length}`);
  }
  const head = Buffer.alloc(terminal.edition2019 ? 17 : 12);
  head.writeUInt16BE(messageId, 0);
  head.writeUInt16BE(body.length | (terminal.edition2019 ? VERSION_FLAG : 0), 2);
  let at = 4;
  if (terminal.edition2019) head.writeUInt8(terminal.protocolVersion & 0xff, at++);
  terminal.phone.copy(head, at);
  head.writeUInt16BE(serialNo & 0xffff, at + terminal.phone.length);
  const raw = Buffer.concat([head, body]);
  const checked = Buffer.concat([raw, Buffer.from([xor(raw)])]);
  return Buffer.concat([Buffer.from([FLAG]), escape(checked), Buffer.from([FLAG])]);
}

export const hex4 = (n: number) => n.toString(16).padStart(4, '0');
