import { isFramePadding } from '../ascii-fields';
import { ProtocolError } from '../types';

/**
 * Framing of GPS103 / Coban TK103 ("GPS tracker GPRS protocol", Coban): ASCII messages ended by
 * `;`. Some firmwares end with a newline instead, one variant with `*`. No length, no checksum.
 */
export type Gps103Frame =
  { kind: 'text'; text: string; size: number } | { kind: 'padding'; size: number };

/** Traccar's frame decoder allows 2048; the longest real messages (OBD, voice) stay below. */
const MAX_FRAME = 2048;
const ENDS = new Set([0x3b, 0x2a, 0x0a]); // ; * LF

/** Reads one frame at the start of `buf`; undefined means "wait for more bytes". */
export function readGps103Frame(buf: Buffer): Gps103Frame | undefined {
  if (buf.length === 0) return undefined;
  if (isFramePadding(buf[0])) {
    let size = 1;
    while (size < buf.length && isFramePadding(buf[size])) size++;
    return { kind: 'padding', size };
  }
  const limit = Math.min(buf.length, MAX_FRAME);
  for (let i = 0; i < limit; i++) {
    if (ENDS.has(buf[i]!)) return { kind: 'text', text: buf.toString('latin1', 0, i), size: i + 1 };
  }
  if (buf.length >= MAX_FRAME) {
    throw new ProtocolError(`GPS103 frame has no ';' within ${MAX_FRAME} bytes`);
  }
  return undefined;
}
