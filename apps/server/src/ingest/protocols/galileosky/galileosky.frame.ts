import { toHex } from '../bytes';
import { ProtocolError } from '../types';
import { crc16Modbus } from './galileosky.crc';

/**
 * Framing of the Galileosky protocol (the terminals' user manuals, "Server exchange
 * protocol"): header 0x01, length (2, little-endian: the low 15 bits count the tag bytes, the
 * high bit says the unit has archive records not yet sent), tags, CRC-16/MODBUS (2, little-
 * endian) of everything before it. The server confirms each packet with 0x02 and that CRC.
 */
export const DATA_HEADER = 0x01;
export const CONFIRMATION_HEADER = 0x02;
/** The newer "compressed" packets: a minimal data set and a tag list per record. */
export const COMPRESSED_HEADER = 0x08;

/** Header and length before the tags, CRC after them. */
export const HEAD_BYTES = 3;
export const CRC_BYTES = 2;
const ARCHIVE_FLAG = 0x8000;
const LENGTH_MASK = 0x7fff;

export interface GalileoskyFrame {
  /** The tag bytes, without header, length and CRC. */
  tags: Buffer;
  /** The unit has more archive records to send after this packet. */
  archivePending: boolean;
  /** The CRC as sent: the confirmation echoes it. */
  crc: number;
  /** Whether the CRC sent matches the packet. */
  crcHolds: boolean;
  /** The length field disagreed: the packet was cut where its CRC holds instead. */
  resynchronised: boolean;
  /** Bytes on the wire. */
  size: number;
}

/**
 * One packet at the start of `buf`; undefined means "wait for more bytes". A first byte that
 * starts no packet Waymark reads is refused: nothing after it can be framed.
 */
export function readGalileoskyFrame(buf: Buffer): GalileoskyFrame | undefined {
  if (buf.length === 0) return undefined;
  const header = buf[0]!;
  if (header === COMPRESSED_HEADER) {
    throw new ProtocolError(
      'Galileosky compressed packets (header 0x08) are not read: set the unit to send standard packets (header 0x01)',
    );
  }
  if (header !== DATA_HEADER) {
    throw new ProtocolError(
      `Galileosky packet must start with 0x01, got ${toHex(buf.subarray(0, 8))} (photos 0x07 and Garmin FMI 0x06 are not read)`,
    );
  }
  if (buf.length < HEAD_BYTES) return undefined;
  const field = buf.readUInt16LE(1);
  const length = field & LENGTH_MASK;
  if (length === 0) throw new ProtocolError('Galileosky packet length must be 1 to 32767, got 0');
  const size = HEAD_BYTES + length + CRC_BYTES;
  if (buf.length < size) return undefined;
  const archivePending = (field & ARCHIVE_FLAG) !== 0;
  const crc = buf.readUInt16LE(HEAD_BYTES + length);
  if (crc16Modbus(buf, 0, HEAD_BYTES + length) === crc) {
    return frameOf(buf, HEAD_BYTES + length, archivePending, true, false);
  }
  // A unit that miscounts its length still sends its CRC after its last tag: where one holds,
  // the packet ends (Traccar reads on by the length and loses the connection's framing).
  const end = crcEnd(buf);
  return end === undefined
    ? frameOf(buf, HEAD_BYTES + length, archivePending, false, false)
    : frameOf(buf, end, archivePending, true, true);
}

function frameOf(
  buf: Buffer,
  tagsEnd: number,
  archivePending: boolean,
  crcHolds: boolean,
  resynchronised: boolean,
): GalileoskyFrame {
  return {
    tags: buf.subarray(HEAD_BYTES, tagsEnd),
    archivePending,
    crc: buf.readUInt16LE(tagsEnd),
    crcHolds,
    resynchronised,
    size: tagsEnd + CRC_BYTES,
  };
}

/**
 * The shortest packet at the start of `buf` whose CRC holds, ending where the bytes here end or
 * where the next packet's header follows: its tags' end, or undefined. One pass, the CRC carried.
 */
function crcEnd(buf: Buffer): number | undefined {
  const last = Math.min(buf.length - CRC_BYTES, HEAD_BYTES + LENGTH_MASK);
  let crc = 0xffff;
  for (let i = 0; i <= last; i++) {
    const ends = i + CRC_BYTES === buf.length || buf[i + CRC_BYTES] === DATA_HEADER;
    if (i > HEAD_BYTES && ends && crc === buf.readUInt16LE(i)) return i;
    if (i === last) break;
    crc ^= buf[i]!;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return undefined;
}

/** A packet of `tags` with header, length and CRC (commands, and the simulator's packets). */
export function buildGalileoskyPacket(tags: Uint8Array, archivePending = false): Buffer {
  if (tags.length === 0 || tags.length > LENGTH_MASK) {
    throw new ProtocolError(`Galileosky packet must hold 1 to 32767 tag bytes, got ${tags.length}`);
  }
  const out = Buffer.alloc(HEAD_BYTES + tags.length + CRC_BYTES);
  out[0] = DATA_HEADER;
  out.writeUInt16LE(tags.length | (archivePending ? ARCHIVE_FLAG : 0), 1);
  out.set(tags, HEAD_BYTES);
  out.writeUInt16LE(crc16Modbus(out, 0, HEAD_BYTES + tags.length), HEAD_BYTES + tags.length);
  return out;
}

/** The server's confirmation of a packet: 0x02 and the packet's CRC, little-endian. */
export function galileoskyConfirmation(crc: number): Buffer {
  const out = Buffer.alloc(3);
  out[0] = CONFIRMATION_HEADER;
  out.writeUInt16LE(crc, 1);
  return out;
}
