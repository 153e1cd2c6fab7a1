import { ByteReader, asBuffer, toHex } from '../bytes';
import { ProtocolError } from '../types';
import type { DecodedMessage, DecodeNotice, TcpProtocol } from '../types';
import { decodeCameraAlarm, decodeGpsAlarm, decodeLbsAlarm, isGpsAlarm } from './gt06.alarm';
import {
  COMMAND_REPLY_EXTENDED,
  COMMAND_REPLY_SHORT,
  decodeCommandReply,
} from './gt06.command-reply';
import { buildFrame, isStartAt, nextStart, readFrame } from './gt06.frame';
import type { Gt06Frame } from './gt06.frame';
import { decodeHeartbeat, isHeartbeat } from './gt06.heartbeat';
import { decodeInformation, iccidFromText } from './gt06.info';
import {
  decode4gLocation,
  decodeGpsLbs,
  decodeGpsLbsExtended,
  decodeGpsLbsModules,
  decodeGpsLbsWide,
  decodeGpsOnly,
} from './gt06.location';
import { AZ735_LOCATION, decodeAz735 } from './gt06.az735';
import { decodeRadio, isRadio } from './gt06.radio';
import { X1_GPS, decodeX1Gps } from './gt06.x1';
import { GPS_MODULAR, decodeModular } from './gt06.modular';
import {
  GPS_LBS_4G,
  HEARTBEAT_MODULES,
  LW4G_CONTENT,
  LW4G_LOCATION,
  decodeGpsLbs4g,
  decodeHeartbeatModules,
  decodeLw4gLocation,
} from './gt06.jimi4g';

/**
 * Concox GT06 family over TCP (port 5023). Section numbers refer to the Concox
 * "GPS Tracker Communication Protocol" V3.1; 0x12/0x16 are the original GT06 numbers of
 * 0x22/0x26 with the same layout; 0xA0/0xA4 are the 4G packets of the JM-VL03 protocol.
 */
export interface Gt06Session {
  /** IMEI from the login packet; nothing else is accepted before it. */
  serial?: string;
  /** The login's 8 BCD bytes: some firmwares repeat them ahead of a GPS block. */
  imei?: Buffer;
}

const LOGIN = 0x01;
const GPS_ONLY = 0x10;
const GPS_LBS = new Set([0x12, 0x22]);
const LOCATION_4G = 0xa0;
const GPS_LBS_WIDE = 0x11;
const GPS_LBS_EXTENDED = 0x1e;
const GPS_LBS_MODULES = 0x37;
const LBS_ALARM = 0x19;
const CAMERA_ALARM = 0x95;
const INFORMATION = 0x94;
const TIME_REQUEST = 0x8a;
/** Bytes between frames a logged-in tracker may send (a stray CR LF) before we call it garbage. */
const MAX_SKIPPED_BYTES = 64;

export const gt06Protocol: TcpProtocol<Gt06Session> = {
  name: 'gt06',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let notices: DecodeNotice[] | undefined;
    let consumed = 0;
    while (consumed < buf.length) {
      if (!isStartAt(buf, consumed)) {
        const skipped = skipToStart(session, buf, consumed);
        if (skipped === 0) break;
        (notices ??= []).push({
          kind: 'skipped-bytes',
          detail: `${skipped} byte(s) before a start marker skipped: ${toHex(buf.subarray(consumed, consumed + Math.min(skipped, 16)))}`,
        });
        consumed += skipped;
        continue;
      }
      const frame = readFrame(buf.subarray(consumed));
      if (!frame) break;
      if (frame.resynchronised || !frame.crcValid) {
        (notices ??= []).push(framingNotice(frame, buf.subarray(consumed)));
      }
      consumed += frame.size;
      const message = decodeOrSkip(session, frame, now);
      if ('kind' in message) (notices ??= []).push(message);
      else messages.push(message);
    }
    return notices ? { consumed, messages, notices } : { consumed, messages };
  },
};

/**
 * Bytes that do not start a frame. Before login they are garbage (this is not a tracker); after
 * it, a few are skipped up to the next start marker. Returns how many to skip (0: wait, the
 * last byte may be half a start marker).
 */
function skipToStart(session: Gt06Session, buf: Buffer, from: number): number {
  const next = nextStart(buf, from);
  const lastIsHalfMarker = buf[buf.length - 1] === 0x78 || buf[buf.length - 1] === 0x79;
  const end = next !== -1 ? next : lastIsHalfMarker ? buf.length - 1 : buf.length;
  if (session.serial === undefined || (next === -1 && end - from > MAX_SKIPPED_BYTES)) {
    readFrame(buf.subarray(from)); // throws the garbage error, naming the bytes
  }
  return end - from;
}

function framingNotice(frame: Gt06Frame, at: Buffer): DecodeNotice {
  const type = `0x${frame.protocol.toString(16)}`;
  if (frame.resynchronised) {
    const declared = frame.extended ? at.readUInt16BE(2) : at.readUInt8(2);
    const crc = frame.crcValid ? 'its CRC holds there' : 'no CRC verifies';
    return {
      kind: 'resynchronised',
      detail: `GT06 ${type} frame: its length field says ${declared}, its stop bits end it after ${frame.size} bytes (${crc}); cut there`,
    };
  }
  return {
    kind: 'crc-mismatch',
    detail: `GT06 ${type} frame: CRC ${toHex(at.subarray(frame.size - 4, frame.size - 2))} does not match its content; decoded as its structure holds`,
  };
}

/**
 * A frame that does not decode is dropped with a notice once the tracker has logged in; before
 * that, nothing can be attributed to a device, so the connection is refused. A resynchronised
 * frame whose CRC did not verify is read a second time without a serial number and CRC, which
 * some units do not send.
 */
function decodeOrSkip(
  session: Gt06Session,
  frame: Gt06Frame,
  now: Date,
): DecodedMessage | DecodeNotice {
  try {
    return decodeFrame(session, frame, now);
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    if (frame.body) {
      try {
        return decodeFrame(session, { ...frame, content: frame.body, serialNo: 0 }, now);
      } catch (second) {
        if (!(second instanceof ProtocolError)) throw second;
      }
    }
    if (session.serial === undefined) throw error;
    return { kind: 'skipped-frame', detail: `${error.message}; frame dropped` };
  }
}

function decodeFrame(session: Gt06Session, frame: Gt06Frame, now: Date): DecodedMessage {
  const { protocol, content } = frame;
  const r = new ByteReader(content, `GT06 0x${protocol.toString(16)}`);
  const ack = () => buildFrame(protocol, new Uint8Array(0), frame.serialNo);
  if (protocol === LOGIN) {
    const bcd = r.bytes(8);
    const serial = decodeImei(bcd);
    session.serial = serial;
    session.imei = Buffer.from(bcd);
    return { positions: [], serial, reply: ack() };
  }
  const serial = session.serial;
  if (serial === undefined) {
    throw new ProtocolError(`GT06 frame 0x${protocol.toString(16)} arrived before login (0x01)`);
  }
  if (GPS_LBS.has(protocol)) {
    return { positions: [decodeGpsLbs(r, serial, now, protocol, session.imei)] };
  }
  if (protocol === AZ735_LOCATION && frame.extended) {
    const { position, status, radio } = decodeAz735(r, serial, now);
    const reply = buildFrame(protocol, new Uint8Array(0), frame.serialNo, true);
    return position ? { positions: [position], reply } : { positions: [], status, radio, reply };
  }
  if (protocol === GPS_LBS_4G) return { positions: [decodeGpsLbs4g(r, serial, now)] };
  if (protocol === LW4G_LOCATION && !frame.extended && content.length === LW4G_CONTENT) {
    return { positions: [decodeLw4gLocation(r, serial, now)], reply: ack() };
  }
  if (protocol === HEARTBEAT_MODULES) {
    return { positions: [], status: decodeHeartbeatModules(r, serial, now), reply: ack() };
  }
  if (protocol === LOCATION_4G) return { positions: [decode4gLocation(r, serial, now)] };
  if (protocol === GPS_ONLY) return { positions: [decodeGpsOnly(r, serial, now)] };
  if (protocol === GPS_LBS_WIDE) return { positions: [decodeGpsLbsWide(r, serial, now)] };
  if (protocol === GPS_LBS_EXTENDED) return { positions: [decodeGpsLbsExtended(r, serial, now)] };
  if (protocol === GPS_LBS_MODULES) return { positions: [decodeGpsLbsModules(r, serial, now)] };
  if (protocol === X1_GPS) return { positions: [decodeX1Gps(r, serial, now)] };
  if (protocol === GPS_MODULAR) {
    const { position, status } = decodeModular(content, serial, now);
    return position
      ? { positions: [position], reply: ack() }
      : { positions: [], status, reply: ack() };
  }
  if (isGpsAlarm(protocol)) {
    return { positions: [decodeGpsAlarm(content, serial, now, protocol)], reply: ack() };
  }
  if (protocol === CAMERA_ALARM) {
    const { position, status } = decodeCameraAlarm(content, serial, now);
    return { positions: position ? [position] : [], ...(status && { status }), reply: ack() };
  }
  if (protocol === LBS_ALARM) {
    return { positions: [], status: decodeLbsAlarm(r, serial, now), reply: ack() };
  }
  if (isHeartbeat(protocol)) {
    return { positions: [], status: decodeHeartbeat(protocol, content, serial, now), reply: ack() };
  }
  if (isRadio(protocol)) {
    return { positions: [], ...decodeRadio(protocol, r, serial, now) };
  }
  if (protocol === INFORMATION) {
    const status = decodeInformation(content, serial, now);
    return status ? { positions: [], status } : { positions: [] };
  }
  if (protocol === TIME_REQUEST) {
    return { positions: [], reply: buildFrame(TIME_REQUEST, utcDateBytes(now), frame.serialNo) };
  }
  if (protocol === COMMAND_REPLY_EXTENDED || protocol === COMMAND_REPLY_SHORT) {
    const text = decodeCommandReply(protocol, r);
    // The answer to an ICCID query is kept on the tracker as well.
    const iccid = iccidFromText(text);
    return {
      positions: [],
      commandResponse: text,
      ...(iccid && { status: { serial, time: now, iccid } }),
    };
  }
  // Other types (photos, OBD, address requests, ...) carry nothing Waymark stores and need no
  // answer: accept and move on.
  return { positions: [] };
}

/** §1.1: the terminal ID is the IMEI in BCD, left-padded with one zero nibble to 16 digits. */
function decodeImei(bcd: Buffer): string {
  const digits = toHex(bcd);
  if (!/^\d{16}$/.test(digits)) {
    throw new ProtocolError(`GT06 login terminal ID must be 16 BCD digits, got ${digits}`);
  }
  return digits.replace(/^0/, '');
}

/** §9.2: year-2000, month, day, hour, minute, second in UTC. */
function utcDateBytes(now: Date): Uint8Array {
  return Uint8Array.from([
    now.getUTCFullYear() - 2000,
    now.getUTCMonth() + 1,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  ]);
}
