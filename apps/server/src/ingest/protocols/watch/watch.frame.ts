import { isFramePadding } from '../ascii-fields';
import { ProtocolError } from '../types';

/**
 * Framing of the Watch protocol of 3G/4G personal trackers (children's and elderly watches,
 * pendants; "3G watch communication protocol" of the SeTracker family):
 * `[MF*ID*LEN*content]` with a two-character maker (SG, 3G, CS, ...), the unit's ID, and the
 * content length as 4 hex digits; newer firmwares add a 4-hex index after the ID
 * (`[ZJ*ID*IDX*LEN*content]`). Binary content (voice, pictures) escapes its bytes with 0x7D, so
 * the first `]` ends the frame.
 */
export interface WatchFrame {
  maker: string;
  id: string;
  /** The index of firmwares that number their frames; replies repeat it. */
  index?: string;
  /** Declared content length (the escaped content may be longer on the wire). */
  length: number;
  /** Content with the 0x7D escapes undone. */
  content: Buffer;
  size: number;
}

/** Pictures come in chunks; the listener refuses more than 64 KiB without a complete frame. */
const MAX_FRAME = 60 * 1024;
const HEADER =
  /^\[([0-9A-Za-z]{2})\*([0-9A-Za-z]{1,32})\*(?:([0-9A-Fa-f]{4})\*)?([0-9A-Fa-f]{4})\*/;
/** The longest header: `[` maker `*` 32-character ID `*` index `*` length `*`. */
const MAX_HEADER = 1 + 2 + 1 + 32 + 1 + 4 + 1 + 4 + 1;

export type WatchRead = { frame: WatchFrame } | { padding: number } | undefined;

/** Reads one frame (or the padding before one) at the start of `buf`; undefined: wait. */
export function readWatchFrame(buf: Buffer): WatchRead {
  if (buf.length === 0) return undefined;
  if (isFramePadding(buf[0])) {
    let padding = 1;
    while (padding < buf.length && isFramePadding(buf[padding])) padding++;
    return { padding };
  }
  if (buf[0] !== 0x5b) {
    throw new ProtocolError(
      `Watch frame must start with '[', got ${buf.subarray(0, 8).toString('hex')}`,
    );
  }
  const head = buf.toString('latin1', 0, Math.min(buf.length, MAX_HEADER));
  const header = HEADER.exec(head);
  if (!header) {
    if (buf.length >= MAX_HEADER || /[^0-9A-Za-z*[]/.test(head)) {
      throw new ProtocolError(`Watch frame must start [MF*ID*LEN*, got ${JSON.stringify(head)}`);
    }
    return undefined;
  }
  const end = buf.indexOf(0x5d, header[0].length);
  if (end < 0) {
    if (buf.length >= MAX_FRAME)
      throw new ProtocolError(`Watch frame has no ']' within ${MAX_FRAME} bytes`);
    return undefined;
  }
  return {
    frame: {
      maker: header[1]!,
      id: header[2]!,
      index: header[3],
      length: parseInt(header[4]!, 16),
      content: unescape(buf.subarray(header[0].length, end)),
      size: end + 1,
    },
  };
}

/** 0x7D 0x01..0x05 stand for 0x7D [ ] , * inside binary content. */
const ESCAPED: Record<number, number> = { 1: 0x7d, 2: 0x5b, 3: 0x5d, 4: 0x2c, 5: 0x2a };

function unescape(bytes: Buffer): Buffer {
  if (!bytes.includes(0x7d)) return bytes;
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const escaped = bytes[i] === 0x7d ? ESCAPED[bytes[i + 1] ?? -1] : undefined;
    if (escaped !== undefined) {
      out.push(escaped);
      i++;
    } else {
      out.push(bytes[i]!);
    }
  }
  return Buffer.from(out);
}

/** A frame the server sends: same maker, ID and index as the unit's, content as ASCII. */
export function buildWatchFrame(
  maker: string,
  id: string,
  content: string,
  index?: string,
): Buffer {
  const length = Buffer.byteLength(content, 'latin1').toString(16).toUpperCase().padStart(4, '0');
  const head = index === undefined ? `[${maker}*${id}*` : `[${maker}*${id}*${index}*`;
  return Buffer.from(`${head}${length}*${content}]`, 'latin1');
}
