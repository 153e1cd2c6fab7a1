import { isFramePadding } from '../ascii-fields';
import { toHex } from '../bytes';
import { ProtocolError } from '../types';

/**
 * Framing of Jointech's JT600 family (JT600, JT701, JT707 ...): one connection carries binary
 * frames that start with `$` and text frames in parentheses, `(<id>,<type>,...)`, mixed.
 *
 * Binary: `$`, the unit ID (5 bytes, 10 BCD digits), a protocol version byte in the long format
 * of the JT701/JT707 units, the type byte (version in its high nibble), a length (2), the
 * records and an index byte. The whole frame is always the length plus 10. Which format a frame
 * has is told by the ID's first digit: the long-format units' IDs start with 7, 8 or 9 (as
 * Traccar's Jt600FrameDecoder tells them apart; every capture agrees). No checksum.
 */
export type Jt600Frame =
  | { kind: 'binary'; bytes: Buffer; long: boolean; size: number }
  | { kind: 'text'; text: string; size: number }
  | { kind: 'padding'; size: number };

const DOLLAR = 0x24;
const OPEN = 0x28;
const CLOSE = 0x29;
/** `$`, ID, protocol version, type and length: what tells a binary frame's size. */
const BINARY_HEAD = 10;
/** A unit flushing its memory sends 15 records of 27 bytes in one frame; this is ten times that. */
export const MAX_BINARY = 4096;
/** The longest text reports (U06 with its extra fields) stay near 120 characters. */
export const MAX_TEXT = 512;

/** Whether a binary frame starting at `at` is of the long (JT701/JT707) format. */
export const isLongFormat = (buf: Buffer, at = 0) => buf[at + 1]! >> 4 >= 7;

/** Whether `buf` may begin a frame: `$`, `(`, padding, or nothing yet. */
export const startsFrame = (buf: Buffer) =>
  buf.length === 0 || buf[0] === DOLLAR || buf[0] === OPEN || isFramePadding(buf[0]);

/**
 * Where the next frame of unit `id` starts in `buf` after its first byte: `$` and its ID in BCD,
 * or `(` and its ID (no checksum guards the frames, so the ID is what tells a frame from bytes
 * that happen to hold a `$`). `keep` is how many bytes at the end may still be one arriving.
 */
export function nextFrameOf(buf: Buffer, id: string): { at?: number; keep: number } {
  const binaryId = /^\d{10}$/.test(id) ? Buffer.from(id, 'hex') : undefined;
  const textId = Buffer.from(`(${id},`, 'latin1');
  for (let at = 1; at < buf.length; at++) {
    if (binaryId && buf[at] === DOLLAR && buf.subarray(at + 1, at + 6).equals(binaryId))
      return { at, keep: 0 };
    if (buf[at] === OPEN && buf.subarray(at, at + textId.length).equals(textId))
      return { at, keep: 0 };
  }
  return { keep: Math.max(6, textId.length) - 1 };
}

/** One frame at the start of `buf`; undefined means "wait for more bytes". */
export function readJt600Frame(buf: Buffer): Jt600Frame | undefined {
  if (buf.length === 0) return undefined;
  const first = buf[0]!;
  if (isFramePadding(first)) {
    let size = 1;
    while (size < buf.length && isFramePadding(buf[size])) size++;
    return { kind: 'padding', size };
  }
  if (first === DOLLAR) return readBinary(buf);
  if (first === OPEN) return readText(buf);
  throw new ProtocolError(
    `JT600 frame must start with '$' (binary) or '(' (text), got ${toHex(buf.subarray(0, 8))}`,
  );
}

function readBinary(buf: Buffer): Jt600Frame | undefined {
  if (buf.length < BINARY_HEAD) return undefined;
  const long = isLongFormat(buf);
  const size = buf.readUInt16BE(long ? 8 : 7) + 10;
  if (size > MAX_BINARY) {
    throw new ProtocolError(`JT600 binary frame must be at most ${MAX_BINARY} bytes, got ${size}`);
  }
  if (buf.length < size) return undefined;
  return { kind: 'binary', bytes: buf.subarray(0, size), long, size };
}

function readText(buf: Buffer): Jt600Frame | undefined {
  const end = buf.indexOf(CLOSE);
  if (end >= 0 && end < MAX_TEXT) {
    return { kind: 'text', text: buf.toString('latin1', 1, end), size: end + 1 };
  }
  if (end >= MAX_TEXT || buf.length >= MAX_TEXT) {
    throw new ProtocolError(`JT600 text frame has no ')' within ${MAX_TEXT} bytes`);
  }
  return undefined;
}
