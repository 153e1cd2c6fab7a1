import { findTerminator, isFramePadding } from '../ascii-fields';
import { ProtocolError } from '../types';

/**
 * Framing of the H02 family ("GPS Tracker Communication Protocol" V1.0.5, §3 "Packet
 * definition"): a text frame runs from `*` to `#`; the binary form some firmwares switch to
 * starts with `$` and has a fixed length, 32 bytes, or 45 with the extended tail. Neither form
 * carries a length or a checksum.
 */
export type H02Frame =
  | { kind: 'text'; text: string; size: number }
  | { kind: 'binary'; bytes: Buffer; size: number }
  /** CR/LF some firmwares send after `#`. */
  | { kind: 'padding'; size: number };

export const BINARY_SHORT = 32;
export const BINARY_LONG = 45;
/** A blind-spot upload holds up to 100 points of about 80 characters. */
const MAX_TEXT = 16 * 1024;

const TEXT_START = 0x2a; // *
const TEXT_END = 0x23; // #
const BINARY_START = 0x24; // $

/**
 * Reads one frame at the start of `buf`; undefined means "wait for more bytes".
 * `binaryLength` is what the connection's first binary frame showed (see `binaryLengthOf`).
 */
export function readH02Frame(buf: Buffer, binaryLength: number | undefined): H02Frame | undefined {
  const first = buf[0];
  if (first === undefined) return undefined;
  if (isFramePadding(first)) {
    let size = 1;
    while (size < buf.length && isFramePadding(buf[size])) size++;
    return { kind: 'padding', size };
  }
  if (first === TEXT_START) {
    const size = findTerminator(buf, TEXT_END, MAX_TEXT, 'H02 text');
    return size === undefined
      ? undefined
      : { kind: 'text', text: buf.toString('latin1', 0, size), size };
  }
  if (first === BINARY_START) {
    const size = binaryLength ?? binaryLengthOf(buf);
    if (size === undefined || buf.length < size) return undefined;
    return { kind: 'binary', bytes: buf.subarray(0, size), size };
  }
  throw new ProtocolError(
    `H02 frame must start with '*' or '$', got ${buf.subarray(0, 8).toString('hex')}`,
  );
}

/**
 * Nothing in a binary frame says how long it is; a unit sends one length all the time. The
 * first read decides: a frame start right after 32 bytes, or exactly 32 bytes, is the short
 * form; more bytes that do not start a frame there are the long one.
 */
export function binaryLengthOf(buf: Buffer): number | undefined {
  if (buf.length < BINARY_SHORT) return undefined;
  if (buf.length === BINARY_SHORT) return BINARY_SHORT;
  const next = buf[BINARY_SHORT];
  return next === BINARY_START || next === TEXT_START ? BINARY_SHORT : BINARY_LONG;
}
