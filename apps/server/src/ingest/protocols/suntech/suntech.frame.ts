import { isFramePadding } from '../ascii-fields';
import { ProtocolError } from '../types';

/**
 * Framing of Suntech's text protocols (ST300/ST340/ST500/ST600 "ST300 Protocol", ST4xx, SA200
 * and the universal format of the ST4300/ST4955 family): `;`-separated fields ended by CR
 * (some firmwares add LF, read as padding). No length, no checksum.
 */
export type SuntechFrame =
  { kind: 'text'; text: string; size: number } | { kind: 'padding'; size: number };

/** Traccar's frame decoder allows 1024; the longest real reports (ST4xx with 7 cells) stay below. */
const MAX_FRAME = 1024;

/** Reads one frame at the start of `buf`; undefined means "wait for more bytes". */
export function readSuntechFrame(buf: Buffer): SuntechFrame | undefined {
  if (buf.length === 0) return undefined;
  if (isFramePadding(buf[0])) {
    let size = 1;
    while (size < buf.length && isFramePadding(buf[size])) size++;
    return { kind: 'padding', size };
  }
  const limit = Math.min(buf.length, MAX_FRAME);
  for (let i = 0; i < limit; i++) {
    if (buf[i] === 0x0d || buf[i] === 0x0a) {
      return { kind: 'text', text: buf.toString('latin1', 0, i), size: i + 1 };
    }
  }
  if (buf.length >= MAX_FRAME) {
    throw new ProtocolError(`Suntech frame has no CR within ${MAX_FRAME} bytes`);
  }
  return undefined;
}
