import { ProtocolError } from '../types';
import { crcItu } from './gt06.crc';

/**
 * Framing of the Concox GT06 family (protocol V3.1, "I. Protocol packet format"):
 * start 0x7878 + 1-byte length, or 0x7979 + 2-byte length; then protocol number, content,
 * 2-byte information serial number, 2-byte CRC-ITU, stop 0x0D0A. Length counts protocol number
 * through CRC.
 *
 * Field devices bend this, and a field-proven server reads them anyway: some send a length byte
 * that does not match (the frame is cut at its 0x0D0A stop bits instead), some a CRC that does
 * not match (the frame is still decoded when its structure holds: TCP already guards the bytes).
 * Only bytes that cannot be framed at all are an error.
 */
export interface Gt06Frame {
  extended: boolean;
  protocol: number;
  /** Between the protocol number and the information serial number. */
  content: Buffer;
  serialNo: number;
  /** Bytes of the whole frame, start bits to stop bits. */
  size: number;
  crcValid: boolean;
  /** The length field disagreed with the frame, which was cut at its stop bits instead. */
  resynchronised: boolean;
  /**
   * A resynchronised frame whose CRC did not verify may have no serial number and CRC at all:
   * its whole body after the protocol number, for a second reading without them.
   */
  body?: Buffer;
}

/** Protocol number + serial number + CRC: the shortest legal length value. */
const MIN_LENGTH = 5;
/** A frame whose length lies and that shows no stop bits within this span is not GT06. */
const MAX_RESYNC_SPAN = 1024;
const STOP = Buffer.from([0x0d, 0x0a]);
const LOGIN = 0x01;

/** True when a start marker (0x7878 or 0x7979) begins at `at`. */
export function isStartAt(buf: Buffer, at: number): boolean {
  const b = buf[at];
  return (b === 0x78 || b === 0x79) && buf[at + 1] === b;
}

/** Where the next start marker is at or after `from`, or -1. */
export function nextStart(buf: Buffer, from: number): number {
  for (let i = from; i < buf.length - 1; i++) if (isStartAt(buf, i)) return i;
  return -1;
}

/**
 * Reads one frame at the start of `buf` (which must begin with a start marker, see nextStart);
 * `undefined` means "wait for more bytes".
 */
export function readFrame(buf: Buffer): Gt06Frame | undefined {
  if (buf.length < 2) {
    if (buf.length === 1 && buf[0] !== 0x78 && buf[0] !== 0x79) throw garbage(buf);
    return undefined;
  }
  if (!isStartAt(buf, 0)) throw garbage(buf);
  const extended = buf[0] === 0x79;
  const headerSize = extended ? 4 : 3;
  if (buf.length < headerSize) return undefined;
  const length = extended ? buf.readUInt16BE(2) : buf.readUInt8(2);
  const size = headerSize + length + 2;

  if (
    length >= MIN_LENGTH &&
    buf.length >= size &&
    buf[size - 2] === 0x0d &&
    buf[size - 1] === 0x0a
  ) {
    if (crcHolds(buf, size)) return frameOf(buf, extended, size, true, false);
    // A length too large can land on the stop bits of the next frame: an earlier end whose CRC
    // holds is the frame's own.
    const earlier = verifiedEnd(buf, headerSize, size - 2);
    return earlier !== undefined
      ? frameOf(buf, extended, earlier, true, true)
      : frameOf(buf, extended, size, false, false);
  }
  return resynchronise(buf, extended, length >= MIN_LENGTH ? size : 0);
}

/**
 * The length field lied (or the frame is still arriving): look for the stop bits. The first
 * 0x0D0A after which the CRC verifies ends the frame, or the first one followed by the next
 * start marker. One at the end of what arrived ends it only once the declared length has been
 * passed: before that the frame may still be arriving, and content (a command answer's text)
 * can hold 0x0D0A. A login is the exception: its tracker sends nothing more until answered,
 * and its BCD IMEI cannot hold 0x0D0A.
 */
function resynchronise(buf: Buffer, extended: boolean, declaredSize: number) {
  const headerSize = extended ? 4 : 3;
  const declaredPassed = declaredSize === 0 || buf.length >= declaredSize;
  const endMayStop = declaredPassed || buf[headerSize] === LOGIN;
  for (let at = buf.indexOf(STOP, headerSize + 1); at !== -1; at = buf.indexOf(STOP, at + 1)) {
    const end = at + 2;
    const crcValid = crcHolds(buf, end);
    if (crcValid || isStartAt(buf, end) || (end === buf.length && endMayStop)) {
      return frameOf(buf, extended, end, crcValid, true);
    }
  }
  if (declaredPassed && buf.length > MAX_RESYNC_SPAN) {
    const said =
      declaredSize === 0 ? 'an impossible length' : `a declared size of ${declaredSize} bytes`;
    throw new ProtocolError(
      `GT06 frame with ${said} shows no stop bits 0D0A within ${MAX_RESYNC_SPAN} bytes`,
    );
  }
  return undefined;
}

/** The first 0x0D0A before `limit` after which the CRC verifies, as a frame end. */
function verifiedEnd(buf: Buffer, headerSize: number, limit: number): number | undefined {
  for (
    let at = buf.indexOf(STOP, headerSize + 1);
    at !== -1 && at < limit;
    at = buf.indexOf(STOP, at + 1)
  ) {
    if (crcHolds(buf, at + 2)) return at + 2;
  }
  return undefined;
}

/** CRC-ITU over length .. serial number, compared with the two bytes before the stop bits. */
function crcHolds(buf: Buffer, end: number): boolean {
  const crcAt = end - 4;
  if (crcAt <= 2) return false;
  return buf.readUInt16BE(crcAt) === crcItu(buf.subarray(2, crcAt));
}

function frameOf(
  buf: Buffer,
  extended: boolean,
  size: number,
  crcValid: boolean,
  resynchronised: boolean,
): Gt06Frame {
  const protocolAt = extended ? 4 : 3;
  const serialAt = Math.max(protocolAt + 1, size - 6);
  const frame: Gt06Frame = {
    extended,
    protocol: buf.readUInt8(protocolAt),
    content: buf.subarray(protocolAt + 1, serialAt),
    serialNo: serialAt + 2 <= size - 4 ? buf.readUInt16BE(serialAt) : 0,
    size,
    crcValid,
    resynchronised,
  };
  if (resynchronised && !crcValid) frame.body = buf.subarray(protocolAt + 1, size - 2);
  return frame;
}

/** Builds a frame the server sends: same framing, CRC over length..serial number. */
export function buildFrame(
  protocol: number,
  content: Uint8Array,
  serialNo: number,
  extended = false,
): Buffer {
  const length = 1 + content.length + 2 + 2;
  const head = extended
    ? Buffer.from([0x79, 0x79, length >> 8, length & 0xff])
    : Buffer.from([0x78, 0x78, length]);
  if (!extended && length > 0xff) {
    throw new ProtocolError(`GT06 short frame cannot hold ${content.length} content bytes`);
  }
  const body = Buffer.concat([head, Buffer.from([protocol]), content, u16(serialNo)]);
  return Buffer.concat([body, u16(crcItu(body.subarray(2))), Buffer.from([0x0d, 0x0a])]);
}

function u16(value: number): Buffer {
  return Buffer.from([(value >> 8) & 0xff, value & 0xff]);
}

function garbage(buf: Buffer): ProtocolError {
  const head = buf.subarray(0, 8).toString('hex');
  return new ProtocolError(`GT06 frame must start with 7878 or 7979, got ${head}`);
}
