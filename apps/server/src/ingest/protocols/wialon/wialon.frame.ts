import { findTerminator, isFramePadding } from '../ascii-fields';

/**
 * Framing of Wialon IPS ("Wialon IPS communication protocol", Gurtam, v1.1 and v2.0): text
 * packets `#PT#msg\r\n`, one per line. No length field; v2.0 ends most packets with a CRC16.
 */
export type WialonFrame =
  { kind: 'text'; text: string; size: number } | { kind: 'padding'; size: number };

/** A black box packet carries many records; Gurtam's server takes packets up to 16 KiB. */
export const MAX_FRAME = 16 * 1024;
const LF = 0x0a;

/** Reads one frame at the start of `buf`; undefined means "wait for more bytes". */
export function readWialonFrame(buf: Buffer): WialonFrame | undefined {
  if (buf.length === 0) return undefined;
  if (isFramePadding(buf[0])) {
    let size = 1;
    while (size < buf.length && isFramePadding(buf[size])) size++;
    return { kind: 'padding', size };
  }
  const size = findTerminator(buf, LF, MAX_FRAME, 'Wialon IPS');
  if (size === undefined) return undefined;
  const end = buf[size - 2] === 0x0d ? size - 2 : size - 1;
  return { kind: 'text', text: buf.toString('utf8', 0, end), size };
}
