import { ByteReader, asBuffer, toHex } from '../bytes';
import { ProtocolError } from '../types';
import type { DeviceStatus, RawPosition } from '@waymark/domain';
import type { DecodedMessage, TcpProtocol } from '../types';
import {
  batteryFromLevel,
  decodeTerminalInfo,
  readCell,
  readCellWithLength,
  readGps,
  readStatusBlock,
} from './gt06.fields';
import type { StatusFields } from './gt06.fields';
import { buildFrame, readFrame } from './gt06.frame';
import type { Gt06Frame } from './gt06.frame';

/**
 * Concox GT06 family over TCP (port 5023). Section numbers refer to the Concox
 * "GPS Tracker Communication Protocol" V3.1; 0x12/0x16 are the original GT06 numbers of
 * 0x22/0x26 with the same layout.
 */
export interface Gt06Session {
  /** IMEI from the login packet; nothing else is accepted before it. */
  serial?: string;
}

const LOGIN = 0x01;
const GPS_LBS = new Set([0x12, 0x22]);
const ALARM = new Set([0x16, 0x26, 0x27]);
const LBS_ALARM = 0x19;
const HEARTBEAT = 0x13;
const HEARTBEAT_EXT_VOLTAGE = 0x23;
const COMMAND_REPLY_EXTENDED = 0x21;
const COMMAND_REPLY_SHORT = 0x15;
const TIME_REQUEST = 0x8a;

export const gt06Protocol: TcpProtocol<Gt06Session> = {
  name: 'gt06',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let consumed = 0;
    for (;;) {
      const frame = readFrame(buf.subarray(consumed));
      if (!frame) break;
      messages.push(decodeFrame(session, frame, now));
      consumed += frame.size;
    }
    return { consumed, messages };
  },
};

function decodeFrame(session: Gt06Session, frame: Gt06Frame, now: Date): DecodedMessage {
  const r = new ByteReader(frame.content, `GT06 0x${frame.protocol.toString(16)}`);
  const ack = () => buildFrame(frame.protocol, new Uint8Array(0), frame.serialNo);
  if (frame.protocol === LOGIN) {
    const serial = decodeImei(r.bytes(8));
    session.serial = serial;
    return { positions: [], serial, reply: ack() };
  }
  const serial = session.serial;
  if (serial === undefined) {
    throw new ProtocolError(
      `GT06 frame 0x${frame.protocol.toString(16)} arrived before login (0x01)`,
    );
  }
  if (GPS_LBS.has(frame.protocol)) {
    // §3.2: "Location packet server no response".
    return { positions: [decodeLocation(r, serial, now, frame.protocol === 0x22)] };
  }
  if (ALARM.has(frame.protocol)) {
    return { positions: [decodeAlarm(r, serial, now)], reply: ack() };
  }
  if (frame.protocol === LBS_ALARM) {
    // §7.1: a cell-only alarm has no coordinates, so it travels as status, not as a position.
    const cell = readCell(r);
    return {
      positions: [],
      status: { serial, time: now, cell, ...readStatusBlock(r) },
      reply: ack(),
    };
  }
  if (frame.protocol === HEARTBEAT || frame.protocol === HEARTBEAT_EXT_VOLTAGE) {
    return { positions: [], status: decodeHeartbeat(frame, serial, now), reply: ack() };
  }
  if (frame.protocol === TIME_REQUEST) {
    return { positions: [], reply: buildFrame(TIME_REQUEST, utcDateBytes(now), frame.serialNo) };
  }
  if (frame.protocol === COMMAND_REPLY_EXTENDED || frame.protocol === COMMAND_REPLY_SHORT) {
    return { positions: [], commandResponse: decodeCommandReply(frame.protocol, r) };
  }
  // LBS multi-cell (0x28), Wi-Fi (0x2C), information transmission (0x94) and the rest need no
  // answer (§4.2, §5.2, §10.2) and carry no coordinates: accept and move on.
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

function decodeLocation(r: ByteReader, serial: string, now: Date, withAcc: boolean): RawPosition {
  const gps = readGps(r, now);
  const position = toPosition(serial, gps);
  if (r.remaining >= 8) position.cell = readCell(r);
  // §3.1: 0x22 adds ACC, upload mode and real-time/re-upload flags after the cell.
  if (withAcc && r.remaining >= 3) {
    position.ignition = r.u8() === 0x01;
    const uploadMode = r.u8();
    const reupload = r.u8() === 0x01;
    position.attributes = { ...position.attributes, uploadMode, reupload };
    if (r.remaining >= 4) position.attributes.odometer = r.u32();
  }
  return position;
}

function decodeAlarm(r: ByteReader, serial: string, now: Date): RawPosition {
  const position = toPosition(serial, readGps(r, now));
  const cell = readCellWithLength(r);
  if (cell) position.cell = cell;
  const status = readStatusBlock(r);
  return { ...position, ...status, attributes: { ...position.attributes, ...status.attributes } };
}

function toPosition(serial: string, gps: ReturnType<typeof readGps>): RawPosition {
  const position: RawPosition = {
    serial,
    deviceTime: gps.deviceTime,
    lat: gps.lat,
    lng: gps.lng,
    valid: gps.valid,
    fix: 'gps',
    speed: gps.speedKmh,
    speedUnit: 'kmh',
    course: gps.course,
    satellites: gps.satellites,
  };
  if (gps.ignition !== undefined) position.ignition = gps.ignition;
  if (!gps.timeValid) position.attributes = { timeInvalid: true };
  return position;
}

/** §2.1: 0x13 = info, voltage level, GSM, language(2); 0x23 (EG02) = info, voltage ×100 (2), GSM, language(2). */
function decodeHeartbeat(frame: Gt06Frame, serial: string, now: Date): DeviceStatus {
  const status: DeviceStatus = { serial, time: now };
  const c = frame.content;
  if (frame.protocol === HEARTBEAT && c.length === 5) {
    const battery = batteryFromLevel(c.readUInt8(1));
    const fields: StatusFields = {
      ...decodeTerminalInfo(c.readUInt8(0)),
      gsmSignal: c.readUInt8(2),
    };
    if (battery !== undefined) fields.battery = battery;
    fields.attributes = { ...fields.attributes, batteryLevel: c.readUInt8(1) };
    return { ...status, ...fields };
  }
  if (frame.protocol === HEARTBEAT_EXT_VOLTAGE && c.length === 6) {
    const fields = decodeTerminalInfo(c.readUInt8(0));
    fields.attributes = { ...fields.attributes, externalVoltage: c.readUInt16BE(1) / 100 };
    return { ...status, ...fields, gsmSignal: c.readUInt8(3) };
  }
  // Vendor variants reuse 0x13 with other layouts; answer them but do not guess their fields.
  return status;
}

/** §8.2.1 (0x21: flag, encoding, text) and §8.2.2 (0x15: length, flag, ASCII text, language). */
function decodeCommandReply(protocol: number, r: ByteReader): string {
  if (protocol === COMMAND_REPLY_EXTENDED) {
    r.u32(); // server flag we sent
    const encoding = r.u8();
    const text = r.bytes(r.remaining);
    return encoding === 0x02 ? utf16be(text) : text.toString('latin1');
  }
  const length = r.u8();
  r.u32(); // server flag
  return r.bytes(length - 4).toString('latin1');
}

function utf16be(bytes: Buffer): string {
  const swapped = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return swapped.swap16().toString('utf16le');
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
