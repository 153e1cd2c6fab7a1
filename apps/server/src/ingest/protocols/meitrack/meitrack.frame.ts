import { isFramePadding } from '../ascii-fields';
import { ProtocolError } from '../types';
import { meitrackChecksum } from './meitrack.checksum';

/**
 * Framing of the Meitrack GPRS protocol (MVT100/MVT340/MVT380/MVT600, T1, T333, T366 and the
 * other units of "Meitrack GPRS Protocol"): `$$<data identifier><data length>,<IMEI>,<command
 * type>,<data>*<checksum>\r\n`. The data length counts from the comma after it to the final
 * CR LF; the data may be binary (CCE), so the length, not a delimiter, ends the frame.
 */
export interface MeitrackFrame {
  /** The data identifier, one character 'A'..'z' the unit cycles through. */
  flag: string;
  imei: string;
  type: string;
  /** What follows `<type>,` up to `*`. */
  data: Buffer;
  size: number;
}

/** Photo packets (D00) are the largest: about 1 KB of JPEG each. */
const MAX_LENGTH = 16 * 1024;
const HEAD = /^\$\$([A-z])(\d{1,5}),/;

export type MeitrackRead = { frame: MeitrackFrame } | { padding: number } | undefined;

export function readMeitrackFrame(buf: Buffer): MeitrackRead {
  if (buf.length === 0) return undefined;
  if (isFramePadding(buf[0])) {
    let padding = 1;
    while (padding < buf.length && isFramePadding(buf[padding])) padding++;
    return { padding };
  }
  const start = buf.toString('latin1', 0, Math.min(buf.length, 9));
  const head = HEAD.exec(start);
  if (!head) {
    if (/^\$(\$([A-z]\d{0,5})?)?$/.test(start)) return undefined;
    throw new ProtocolError(
      `Meitrack frame must start $$<identifier><length>, got ${JSON.stringify(start)}`,
    );
  }
  const length = Number(head[2]);
  const lengthAt = 3 + head[2]!.length;
  if (length < 8 || length > MAX_LENGTH) {
    throw new ProtocolError(
      `Meitrack data length ${length} is impossible: must be 8 to ${MAX_LENGTH}`,
    );
  }
  const size = lengthAt + length;
  if (buf.length < size) return undefined;
  const frame = buf.subarray(0, size);
  if (frame[size - 2] !== 0x0d || frame[size - 1] !== 0x0a || frame[size - 5] !== 0x2a) {
    throw new ProtocolError(
      `Meitrack frame of length ${length} does not end with *<checksum>\\r\\n`,
    );
  }
  const expected = frame.toString('latin1', size - 4, size - 2).toUpperCase();
  const actual = meitrackChecksum(frame.subarray(0, size - 4));
  if (expected !== actual) {
    throw new ProtocolError(
      `Meitrack checksum mismatch: frame says ${expected}, content gives ${actual}`,
    );
  }
  // `,<IMEI>,<type>,` then data; a command answer may end right after the type.
  const body = frame.subarray(lengthAt + 1, size - 5);
  const imeiEnd = body.indexOf(0x2c);
  const imei = body.toString('latin1', 0, imeiEnd < 0 ? 0 : imeiEnd);
  if (!/^[0-9A-Za-z]{1,20}$/.test(imei)) {
    throw new ProtocolError(
      `Meitrack IMEI must be letters and digits, got ${JSON.stringify(imei)}`,
    );
  }
  const typeEnd = body.indexOf(0x2c, imeiEnd + 1);
  const type = body.toString('latin1', imeiEnd + 1, typeEnd < 0 ? body.length : typeEnd);
  if (!/^[A-Z0-9]{3}$/.test(type)) {
    throw new ProtocolError(
      `Meitrack command type must be 3 letters or digits, got ${JSON.stringify(type)}`,
    );
  }
  return {
    frame: {
      flag: head[1]!,
      imei,
      type,
      data: typeEnd < 0 ? Buffer.alloc(0) : body.subarray(typeEnd + 1),
      size,
    },
  };
}

/** A frame the server sends: `@@<flag><length>,<IMEI>,<content>*<checksum>\r\n`. */
export function buildMeitrackFrame(flag: string, imei: string, content: string): Buffer {
  // The length counts `,<IMEI>,<content>*XX\r\n`.
  const length = 1 + imei.length + 1 + Buffer.byteLength(content, 'latin1') + 5;
  const head = Buffer.from(`@@${flag}${length},${imei},${content}*`, 'latin1');
  return Buffer.concat([head, Buffer.from(`${meitrackChecksum(head)}\r\n`, 'latin1')]);
}
