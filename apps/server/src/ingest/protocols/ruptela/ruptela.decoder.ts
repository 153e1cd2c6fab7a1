import { asBuffer, toHex } from '../bytes';
import { ProtocolError } from '../types';
import type { DecodedMessage, DecodeNotice, TcpProtocol } from '../types';
import {
  MAX_LENGTH,
  MAX_PACKET_BYTES,
  MIN_DEVICE_LENGTH,
  buildServerPacket,
  crcHolds,
  frameOf,
  lengthsWithValidCrc,
} from './ruptela.frame';
import type { RuptelaFrame } from './ruptela.frame';
import { DTCS, EXTENDED_RECORDS, RECORDS, readDtcs, readRecords } from './ruptela.records';
import type { RecordsRead } from './ruptela.records';

/**
 * Ruptela over TCP (port 5046): the FM-Eco4, FM-Pro4, FM-Tco4 and Trace5 families. Every
 * packet carries the device's IMEI, which is its serial. Records (1), extended records (68) and
 * trouble codes (9) are answered once stored, identification (15) and heartbeat (16) at once;
 * the text a device answers an SMS-via-GPRS command with (7) and the configuration (2),
 * version (3) and firmware (4) answers are passed on as its command response.
 */
export interface RuptelaSession {
  serial?: string;
}

const IDENTIFICATION = 15;
const HEARTBEAT = 16;
/** What the device answers our commands with: its text, before the CRC. */
const TEXT_ANSWERS: Record<number, string> = {
  2: 'configuration',
  3: 'version',
  4: 'firmware update',
  7: 'SMS via GPRS',
};
/**
 * The server's answer to each device command it acknowledges, data 1 (accepted): the server
 * side of a command is its number plus 100, except that records of both kinds take 100.
 */
const ACK_COMMAND: Record<number, number> = {
  [RECORDS]: 100,
  [EXTENDED_RECORDS]: 100,
  [DTCS]: 109,
  [IDENTIFICATION]: 115,
  [HEARTBEAT]: 116,
};
const ACCEPTED = Uint8Array.of(1);

export const ruptelaProtocol: TcpProtocol<RuptelaSession> = {
  name: 'ruptela',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let notices: DecodeNotice[] | undefined;
    let consumed = 0;
    while (buf.length - consumed >= 2) {
      const rest = buf.subarray(consumed);
      const read = readPacket(session, rest, now);
      if (!read) break;
      consumed += read.size;
      if (read.notice) (notices ??= []).push(read.notice);
      if (read.message) messages.push(read.message);
      if (read.notices) (notices ??= []).push(...read.notices);
    }
    return notices ? { consumed, messages, notices } : { consumed, messages };
  },
};

interface PacketRead {
  size: number;
  message?: DecodedMessage;
  /** What was bent about the packet's frame. */
  notice?: DecodeNotice;
  notices?: DecodeNotice[];
}

/**
 * One packet at the start of `buf`, or undefined to wait for more bytes. In this order:
 * the CRC holds at the declared length; or the packet is complete and its records or codes
 * fill it exactly (only the CRC is wrong); or a shorter or longer length has a valid CRC (the
 * device got its length field wrong, as two of Traccar's captures show) and, for records and
 * codes, its data fills it exactly; or the next packet starts, valid, right after the declared
 * length (only the CRC is wrong). Each decision depends only on bytes already here, so a
 * stream cut in any chunks is read as when whole.
 */
function readPacket(session: RuptelaSession, buf: Buffer, now: Date): PacketRead | undefined {
  const declared = buf.readUInt16BE(0);
  const plausible = declared >= MIN_DEVICE_LENGTH && declared <= MAX_LENGTH;
  if (!plausible && session.serial === undefined) {
    throw new ProtocolError(
      `Ruptela packet length ${declared} must be ${MIN_DEVICE_LENGTH} to ${MAX_LENGTH}: ${toHex(buf.subarray(0, 16))}`,
    );
  }
  const complete = plausible && buf.length >= declared + 4;
  if (complete && crcHolds(buf, declared))
    return decodeOrSkip(session, frameOf(buf, declared), now);
  if (complete) {
    const frame = frameOf(buf, declared);
    if (COUNTED.has(frame.command) && decodes(frame, now)) return crcMismatch(session, frame, now);
  }
  // A length too long is looked past only once its bytes are here, so that a packet still
  // arriving is never cut at a CRC that happens to hold early.
  const resynchronised =
    complete || !plausible ? resynchronise(session, buf, declared, now) : undefined;
  if (resynchronised) return resynchronised;
  if (complete && nextPacketHolds(buf, declared + 4)) {
    return crcMismatch(session, frameOf(buf, declared), now);
  }
  if (buf.length >= MAX_PACKET_BYTES + 4) {
    throw new ProtocolError(
      `Ruptela packet of length ${declared} shows no valid CRC within ${MAX_PACKET_BYTES} bytes: ${toHex(buf.subarray(0, 16))}`,
    );
  }
  return undefined;
}

function decodes(frame: RuptelaFrame, now: Date): boolean {
  try {
    decodeFrame(frame, now);
    return true;
  } catch (error) {
    if (error instanceof ProtocolError) return false;
    throw error;
  }
}

function nextPacketHolds(buf: Buffer, at: number): boolean {
  if (buf.length < at + 2) return false;
  const length = buf.readUInt16BE(at);
  return length >= MIN_DEVICE_LENGTH && length <= MAX_LENGTH && crcHolds(buf, length, at);
}

function crcMismatch(session: RuptelaSession, frame: RuptelaFrame, now: Date): PacketRead {
  const read = decodeOrSkip(session, frame, now);
  if (read.notice) return read;
  return {
    ...read,
    notice: {
      kind: 'crc-mismatch',
      detail: `Ruptela command ${frame.command} packet: CRC does not match its content; decoded as its structure holds`,
    },
  };
}

/** Commands whose data has a structure strict enough to confirm where a packet ends. */
const COUNTED = new Set([RECORDS, EXTENDED_RECORDS, DTCS]);

function resynchronise(
  session: RuptelaSession,
  buf: Buffer,
  declared: number,
  now: Date,
): PacketRead | undefined {
  for (const length of lengthsWithValidCrc(buf)) {
    if (length === declared) continue;
    const frame = frameOf(buf, length);
    let decoded: ReturnType<typeof decodeFrame>;
    try {
      decoded = decodeFrame(frame, now);
    } catch (error) {
      if (error instanceof ProtocolError) continue;
      throw error;
    }
    session.serial = frame.imei;
    const { notices, ...message } = decoded;
    return {
      size: frame.size,
      message,
      notices: [
        {
          kind: 'resynchronised',
          detail: `Ruptela command ${frame.command} packet: its length field says ${declared}, its CRC holds at ${length}; read at ${length}`,
        },
        ...notices,
      ],
    };
  }
  return undefined;
}

/**
 * A packet whose data does not decode is dropped with a notice once the device has been heard;
 * before that, nothing says this is a Ruptela device at all, so the connection is refused.
 */
function decodeOrSkip(session: RuptelaSession, frame: RuptelaFrame, now: Date): PacketRead {
  try {
    const message = decodeFrame(frame, now);
    session.serial = frame.imei;
    const { notices, ...rest } = message;
    return notices.length > 0
      ? { size: frame.size, message: rest, notices }
      : { size: frame.size, message: rest };
  } catch (error) {
    if (!(error instanceof ProtocolError) || session.serial === undefined) throw error;
    return {
      size: frame.size,
      notice: { kind: 'skipped-frame', detail: `${error.message}; packet dropped` },
    };
  }
}

function decodeFrame(frame: RuptelaFrame, now: Date): DecodedMessage & { notices: DecodeNotice[] } {
  const serial = frame.imei;
  const ack = ACK_COMMAND[frame.command];
  const reply = ack === undefined ? undefined : buildServerPacket(ack, ACCEPTED);
  let read: RecordsRead | undefined;
  if (frame.command === RECORDS || frame.command === EXTENDED_RECORDS) {
    read = readRecords(frame.data, serial, frame.command === EXTENDED_RECORDS);
  } else if (frame.command === DTCS) {
    read = readDtcs(frame.data, serial);
  }
  if (read) return { serial, positions: read.positions, reply: reply!, notices: read.notices };
  const text = TEXT_ANSWERS[frame.command];
  if (text) {
    const answer = frame.data.toString('latin1').replace(/\0+$/, '').trim();
    return { serial, positions: [], commandResponse: `${text}: ${answer}`, notices: [] };
  }
  if (frame.command === HEARTBEAT || frame.command === IDENTIFICATION) {
    return { serial, positions: [], reply: reply!, status: { serial, time: now }, notices: [] };
  }
  // Files (37), driver cards (36), ...: nothing Waymark stores, nothing the device waits for.
  return { serial, positions: [], notices: [] };
}
