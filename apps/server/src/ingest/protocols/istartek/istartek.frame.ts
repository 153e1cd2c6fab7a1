import { ProtocolError } from '../types';
import { istartekChecksum } from './istartek.checksum';

/**
 * Framing of the iStartek protocol (VT200, VT600, PT60 ...): `&&<index><length>,<imei>,<cmd>,
 * <content><checksum>\r\n`. The index is one character; the length counts from the comma after
 * it to the checksum; the checksum is 2 hex digits. Serial data reports (710) carry CRLFs inside,
 * so the length, not the first CRLF, ends a frame; a length that disagrees is cut at a CRLF.
 */
export interface IstartekFrame {
  /** From `&&` to the checksum, exclusive. */
  text: string;
  size: number;
  checksumValid: boolean;
  lengthValid: boolean;
}

const HEADER = /^&&[\x20-\x7e](\d{1,4}),/;
/** A frame longer than this is not one (the longest real frames, 710 serial data, stay below). */
const MAX_FRAME = 2048;

/** Reads one frame at the start of `buf` (which starts with `&&`); undefined means "wait". */
export function readIstartekFrame(buf: Buffer): IstartekFrame | undefined {
  const head = buf.toString('latin1', 0, Math.min(buf.length, 8));
  const header = HEADER.exec(head);
  if (!header) {
    // A header still arriving waits; anything else is not one.
    if (buf.length < 8 && /^&(?:&(?:[\x20-\x7e]\d{0,4})?)?$/.test(head)) return undefined;
    throw new ProtocolError(
      `iStartek frame must start &&<index><length>, got ${JSON.stringify(head)}`,
    );
  }
  const comma = header[0].length - 1;
  const expected = comma + Number(header[1]) + 4;
  if (expected <= MAX_FRAME) {
    // Whole frames are read by their length (the same however the bytes arrive).
    if (buf.length < expected) return undefined;
    if (buf[expected - 2] === 0x0d && buf[expected - 1] === 0x0a) return frame(buf, expected, true);
  }
  const crlf = buf.indexOf('\r\n', comma, 'latin1');
  if (crlf < 0) {
    if (buf.length >= MAX_FRAME)
      throw new ProtocolError(`iStartek frame has no CRLF within ${MAX_FRAME} bytes`);
    return undefined;
  }
  return frame(buf, crlf + 2, false);
}

function frame(buf: Buffer, size: number, lengthValid: boolean): IstartekFrame {
  const body = buf.toString('latin1', 0, Math.max(0, size - 4));
  const checksum = buf.toString('latin1', size - 4, size - 2);
  return {
    text: body,
    size,
    lengthValid,
    checksumValid: istartekChecksum(body) === checksum.toUpperCase(),
  };
}
