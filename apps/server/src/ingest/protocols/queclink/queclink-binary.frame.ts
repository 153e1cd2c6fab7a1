import { toHex } from '../bytes';
import { ProtocolError } from '../types';

/**
 * Framing of the @Track HEX (binary) mode ("@Track Air Interface Protocol", e.g. TRACGV200AN003
 * §4 for the GV200; the GB100 and GV55/GV300 documents share it): a 4-byte ASCII head, a message
 * type, a report mask, the frame's whole length, ..., send time, count number, a 2-byte
 * checksum and the tail 0D 0A. Where the length sits depends on the head, because the mask
 * before it is 4 bytes (+RSP, +EVT), 2 (+INF), 1 (+HBD, +ACK) or absent (+CRD).
 */
export type BinaryHead =
  '+RSP' | '+BSP' | '+EVT' | '+BVT' | '+INF' | '+BNF' | '+HBD' | '+ACK' | '+CRD' | '+BRD' | '+LGN';

interface LengthField {
  at: number;
  bytes: 1 | 2;
}

const LENGTH: Record<BinaryHead, LengthField> = {
  '+RSP': { at: 9, bytes: 2 },
  '+BSP': { at: 9, bytes: 2 },
  '+EVT': { at: 9, bytes: 2 },
  '+BVT': { at: 9, bytes: 2 },
  '+INF': { at: 7, bytes: 2 },
  '+BNF': { at: 7, bytes: 2 },
  '+HBD': { at: 5, bytes: 1 },
  '+ACK': { at: 6, bytes: 1 },
  // Crash data and the login of later firmwares carry no mask before their length.
  '+CRD': { at: 6, bytes: 2 },
  '+BRD': { at: 6, bytes: 2 },
  '+LGN': { at: 6, bytes: 2 },
};

/** Head, type and mask of a +HBD with nothing in it but checksum and tail. */
const MIN_FRAME = 10;
/** The longest GV300/GV500 report with 15 buffered points stays well under this. */
export const MAX_BINARY_FRAME = 2048;
const TAIL = Buffer.from('\r\n', 'latin1');

export interface BinaryFrame {
  head: BinaryHead;
  /** The whole frame, head to tail. */
  bytes: Buffer;
  /** The length field disagreed: the frame was cut at its tail instead. */
  resynchronised?: true;
}

/** Whether `buf` starts with a HEX-mode head: the ASCII heads carry a colon where these do not. */
export function binaryHead(buf: Buffer): BinaryHead | undefined {
  if (buf.length < 5) return undefined;
  const head = buf.toString('latin1', 0, 4);
  if (!(head in LENGTH)) return undefined;
  // `+ACK:` opens an ASCII acknowledgement; the binary +ACK has its message type there.
  return head === '+ACK' && buf[4] === 0x3a ? undefined : (head as BinaryHead);
}

/** One binary frame at the start of `buf` (which starts with `head`); undefined: wait. */
export function readBinaryFrame(buf: Buffer, head: BinaryHead): BinaryFrame | undefined {
  const field = LENGTH[head];
  if (buf.length < field.at + field.bytes) return undefined;
  const size = field.bytes === 1 ? buf[field.at]! : buf.readUInt16BE(field.at);
  if (size < MIN_FRAME || size > MAX_BINARY_FRAME) {
    throw new ProtocolError(
      `Queclink HEX ${head} length must be ${MIN_FRAME} to ${MAX_BINARY_FRAME} bytes, got ${size}`,
    );
  }
  if (buf.length < size) return undefined;
  const bytes = buf.subarray(0, size);
  // No checksum algorithm is published; the tail is what tells a true length from a bent one.
  if (bytes.subarray(size - 2).equals(TAIL)) return { head, bytes };
  const end = tailEnd(buf);
  if (end === undefined) {
    throw new ProtocolError(
      `Queclink HEX ${head} of ${size} bytes must end with 0D 0A, got ${toHex(bytes.subarray(size - 2))}, and no tail ends it before the next frame`,
    );
  }
  return { head, bytes: buf.subarray(0, end), resynchronised: true };
}

/**
 * Where a frame whose length field lies really ends: the first 0D 0A that the bytes here end
 * with or that the next frame's `+` follows (a unit that miscounts its length still sends its
 * tail, and Traccar reads on by the length and loses the stream).
 */
function tailEnd(buf: Buffer): number | undefined {
  const last = Math.min(buf.length, MAX_BINARY_FRAME);
  for (let i = MIN_FRAME - 2; i + 2 <= last; i++) {
    if (buf[i] !== 0x0d || buf[i + 1] !== 0x0a) continue;
    if (i + 2 === buf.length || buf[i + 2] === PLUS) return i + 2;
  }
  return undefined;
}
const PLUS = 0x2b;
