import { toHex } from '../bytes';
import { ProtocolError } from '../types';

/**
 * FLEX telemetry messages: `~` and a type letter, the records, and a CRC8 of everything
 * before it. They carry no length: A, T and C records are the negotiated record size each
 * (navtelecom.fields.ts), so a connection that has not negotiated cannot frame them. The
 * server answers each with its type, its count or index, and the CRC8:
 *
 *   ~A count records crc  → ~A count crc     (records from the unit's archive)
 *   ~T index record crc   → ~T index crc     (one record sent out of turn: an alarm)
 *   ~C record crc         → ~C crc           (the current state, not archived)
 *   ~E count extended crc → ~E count crc     (FLEX 2.0 extended records)
 *   ~X index extended crc → ~X index crc     (one extended record out of turn)
 *
 * An extended record starts with its own length (2, the bytes after it), so E and X frame
 * without the negotiation. A lone 0x7F between messages is the unit's keep-alive.
 */
export type FlexType = 'A' | 'T' | 'C' | 'E' | 'X';

export const KEEP_ALIVE = 0x7f;
/** The listener buffers at most 64 KiB; a message announcing more cannot be real. */
export const MAX_FLEX_MESSAGE = 60_000;

export interface FlexMessage {
  type: FlexType;
  /** The record count of A and E, or 1. */
  count: number;
  /** The index of T and X (the record's number, echoed in the answer). */
  index?: number;
  /** Each record's bytes (an extended record without its length field). */
  records: Buffer[];
  /** Whether the CRC8 holds. */
  crcHolds: boolean;
  size: number;
}

/**
 * One FLEX message at the start of `buf` (which starts with `~`); undefined means "wait for
 * more". `recordSize` is the negotiated record size, or undefined before `*>FLEX`.
 */
export function readFlexMessage(
  buf: Buffer,
  recordSize: number | undefined,
): FlexMessage | undefined {
  if (buf.length < 2) return undefined;
  const letter = String.fromCharCode(buf[1]!);
  if (!isFlexType(letter)) {
    throw new ProtocolError(
      `FLEX message must be ~A, ~T, ~C, ~E or ~X, got ${toHex(buf.subarray(0, 4))}`,
    );
  }
  const type: FlexType = letter;
  if (type === 'E' || type === 'X') return readExtended(buf, type);
  if (recordSize === undefined) {
    throw new ProtocolError(`FLEX ~${type} before the unit negotiated its records (*>FLEX)`);
  }
  const head = type === 'A' ? 3 : type === 'T' ? 6 : 2;
  if (buf.length < head) return undefined;
  const count = type === 'A' ? buf[2]! : 1;
  const size = head + count * recordSize + 1;
  if (size > MAX_FLEX_MESSAGE) {
    throw new ProtocolError(`FLEX ~${type} of ${count} records of ${recordSize} bytes is too long`);
  }
  if (buf.length < size) return undefined;
  const records = Array.from({ length: count }, (_, i) =>
    buf.subarray(head + i * recordSize, head + (i + 1) * recordSize),
  );
  return {
    type,
    count,
    ...(type === 'T' && { index: buf.readUInt32LE(2) }),
    records,
    crcHolds: crc8(buf.subarray(0, size - 1)) === buf[size - 1],
    size,
  };
}

function readExtended(buf: Buffer, type: 'E' | 'X'): FlexMessage | undefined {
  const head = type === 'E' ? 3 : 6;
  if (buf.length < head) return undefined;
  const count = type === 'E' ? buf[2]! : 1;
  const records: Buffer[] = [];
  let at = head;
  for (let i = 0; i < count; i++) {
    if (buf.length < at + 2) return undefined;
    const length = buf.readUInt16LE(at);
    if (at + 2 + length + 1 > MAX_FLEX_MESSAGE) {
      throw new ProtocolError(
        `FLEX ~${type} with an extended record of ${length} bytes is too long`,
      );
    }
    if (buf.length < at + 2 + length) return undefined;
    records.push(buf.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  if (buf.length < at + 1) return undefined;
  return {
    type,
    count,
    ...(type === 'X' && { index: buf.readUInt32LE(2) }),
    records,
    crcHolds: crc8(buf.subarray(0, at)) === buf[at],
    size: at + 1,
  };
}

/** The server's answer to a message, once its records are stored. */
export function flexAnswer(message: Pick<FlexMessage, 'type' | 'count' | 'index'>): Buffer {
  const { type } = message;
  const body = Buffer.from(`~${type}`, 'latin1');
  let tail: Buffer;
  if (type === 'A' || type === 'E') tail = Buffer.of(message.count);
  else if (type === 'T' || type === 'X') {
    tail = Buffer.alloc(4);
    tail.writeUInt32LE((message.index ?? 0) >>> 0);
  } else tail = Buffer.alloc(0);
  const unsigned = Buffer.concat([body, tail]);
  return Buffer.concat([unsigned, Buffer.of(crc8(unsigned))]);
}

/**
 * The FLEX CRC8: polynomial 0x31, initial 0xFF, not reflected, no final XOR (CRC-8 as EGTS
 * uses it; it checks out on every public ~A capture).
 */
export function crc8(bytes: Uint8Array): number {
  let crc = 0xff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 0x80 ? ((crc << 1) ^ 0x31) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function isFlexType(letter: string): letter is FlexType {
  return letter === 'A' || letter === 'T' || letter === 'C' || letter === 'E' || letter === 'X';
}
