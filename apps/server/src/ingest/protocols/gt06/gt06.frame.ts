import { ProtocolError } from '../types';
import { crcItu } from './gt06.crc';

/**
 * Framing of the Concox GT06 family (protocol V3.1, "I. Protocol packet format"):
 * start 0x7878 + 1-byte length, or 0x7979 + 2-byte length; then protocol number, content,
 * 2-byte information serial number, 2-byte CRC-ITU, stop 0x0D0A. Length counts protocol number
 * through CRC.
 */
export interface Gt06Frame {
  extended: boolean;
  protocol: number;
  content: Buffer;
  serialNo: number;
  /** Bytes of the whole frame, start bits to stop bits. */
  size: number;
}

/** Protocol number + serial number + CRC: the shortest legal length value. */
const MIN_LENGTH = 5;

/** Reads one frame at the start of `buf`; `undefined` means "wait for more bytes". */
export function readFrame(buf: Buffer): Gt06Frame | undefined {
  if (buf.length < 2) {
    if (buf.length === 1 && buf[0] !== 0x78 && buf[0] !== 0x79) throw garbage(buf);
    return undefined;
  }
  const extended = buf[0] === 0x79 && buf[1] === 0x79;
  if (!extended && !(buf[0] === 0x78 && buf[1] === 0x78)) throw garbage(buf);

  const lengthBytes = extended ? 2 : 1;
  if (buf.length < 2 + lengthBytes) return undefined;
  const length = extended ? buf.readUInt16BE(2) : buf.readUInt8(2);
  if (length < MIN_LENGTH) {
    throw new ProtocolError(
      `GT06 frame length ${length} is impossible: must be at least ${MIN_LENGTH}`,
    );
  }
  const size = 2 + lengthBytes + length + 2;
  if (buf.length < size) return undefined;

  if (buf[size - 2] !== 0x0d || buf[size - 1] !== 0x0a) {
    throw new ProtocolError(`GT06 frame of length ${length} does not end with stop bits 0D0A`);
  }
  const crcAt = size - 4;
  const expected = buf.readUInt16BE(crcAt);
  const actual = crcItu(buf.subarray(2, crcAt));
  if (expected !== actual) {
    throw new ProtocolError(
      `GT06 CRC mismatch: frame says ${hex4(expected)}, content gives ${hex4(actual)}`,
    );
  }
  const protocolAt = 2 + lengthBytes;
  return {
    extended,
    protocol: buf.readUInt8(protocolAt),
    content: buf.subarray(protocolAt + 1, crcAt - 2),
    serialNo: buf.readUInt16BE(crcAt - 2),
    size,
  };
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

function hex4(value: number): string {
  return value.toString(16).padStart(4, '0').toUpperCase();
}

function garbage(buf: Buffer): ProtocolError {
  const head = buf.subarray(0, 8).toString('hex');
  return new ProtocolError(`GT06 frame must start with 7878 or 7979, got ${head}`);
}
