import { toHex } from '../bytes';
import { ProtocolError } from '../types';

/**
 * The NTCB transport (Navtelecom "Protocol of information exchange" v6.2, "NTCB binary protocol";
 * the worked examples of wiki.navtelecom.ru "FLEX examples"): preamble `@NTC`, the
 * receiver's and the sender's ids (4 each), the body length (2), the body's checksum, the
 * header's checksum (both XOR of their bytes), then the body. Integers are little-endian. The
 * unit's text messages (`*>S`, `*>FLEX`, command answers `*@`) and the server's (`*<S`,
 * `*<FLEX`, commands `*!`) travel in it; FLEX telemetry (`~A`, ...) does not.
 */
export const PREAMBLE = Buffer.from('@NTC', 'latin1');
export const NTCB_HEAD = 16;
/** Handshakes and command answers are tens of bytes; a long command answer a few hundred. */
export const MAX_NTCB_BODY = 2048;

export interface NtcbFrame {
  receiverId: number;
  senderId: number;
  body: Buffer;
  /** Whether the body's XOR matches its checksum byte. */
  bodyChecksumHolds: boolean;
  size: number;
}

/** XOR of every byte: NTCB's checksum of header and body. */
export function xorOf(bytes: Uint8Array): number {
  let sum = 0;
  for (const b of bytes) sum ^= b;
  return sum;
}

/**
 * One NTCB frame at the start of `buf` (which starts with `@`); undefined means "wait for more".
 * A header whose checksum disagrees cannot be trusted for its length, so it is refused.
 */
export function readNtcbFrame(buf: Buffer): NtcbFrame | undefined {
  const known = Math.min(buf.length, PREAMBLE.length);
  if (!buf.subarray(0, known).equals(PREAMBLE.subarray(0, known))) {
    throw new ProtocolError(`NTCB frame must start with @NTC, got ${toHex(buf.subarray(0, 8))}`);
  }
  if (buf.length < NTCB_HEAD) return undefined;
  const head = buf.subarray(0, NTCB_HEAD);
  if (xorOf(head.subarray(0, NTCB_HEAD - 1)) !== head[NTCB_HEAD - 1]) {
    throw new ProtocolError(`NTCB header checksum disagrees: ${toHex(head)}`);
  }
  const length = head.readUInt16LE(12);
  if (length > MAX_NTCB_BODY) {
    throw new ProtocolError(`NTCB body must be at most ${MAX_NTCB_BODY} bytes, got ${length}`);
  }
  if (buf.length < NTCB_HEAD + length) return undefined;
  const body = buf.subarray(NTCB_HEAD, NTCB_HEAD + length);
  return {
    receiverId: head.readUInt32LE(4),
    senderId: head.readUInt32LE(8),
    body,
    bodyChecksumHolds: xorOf(body) === head[14],
    size: NTCB_HEAD + length,
  };
}

/** A frame from `senderId` to `receiverId` (answers swap the ids of what they answer). */
export function buildNtcbFrame(receiverId: number, senderId: number, body: Uint8Array): Buffer {
  const out = Buffer.alloc(NTCB_HEAD + body.length);
  PREAMBLE.copy(out, 0);
  out.writeUInt32LE(receiverId >>> 0, 4);
  out.writeUInt32LE(senderId >>> 0, 8);
  out.writeUInt16LE(body.length, 12);
  out[14] = xorOf(body);
  out[15] = xorOf(out.subarray(0, NTCB_HEAD - 1));
  out.set(body, NTCB_HEAD);
  return out;
}
