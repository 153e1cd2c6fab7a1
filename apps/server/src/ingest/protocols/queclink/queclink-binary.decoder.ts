import type { DeviceStatus, RawPosition } from '@waymark/domain';
import { ByteReader, toHex } from '../bytes';
import { ProtocolError } from '../types';
import type { DecodedMessage } from '../types';
import type { QueclinkSession } from './queclink.session';
import { reportAlarm, reportIgnition } from './queclink.fields';
import type { BinaryFrame } from './queclink-binary.frame';
import { GB100, deviceNameOf, has, imeiOf, readTime } from './queclink-binary.fields';
import { readInformation } from './queclink-binary.information';
import { findPoints } from './queclink-binary.points';
import { reportName } from './queclink-binary.reports';

/**
 * One HEX-mode frame (TRACGV200AN003 §4) as a message. The report mask (AT+GTHRM) decides
 * which fields a frame carries: the unit's device type, protocol and firmware versions, whether
 * the unique ID is the IMEI or the device name, the parts of each GPS point, send time and count
 * number. Every report and heartbeat is answered with the ASCII SACK the documents give for
 * both formats: `+SACK:<count number>$`, and `+SACK:GTHBD,<protocol version>,<count number>$`
 * for the heartbeat.
 */
export function decodeBinary(
  session: QueclinkSession,
  frame: BinaryFrame,
  now: Date,
): DecodedMessage {
  switch (frame.head) {
    case '+RSP':
    case '+BSP':
    case '+EVT':
    case '+BVT':
      return decodeReport(session, frame, now);
    case '+HBD':
      return decodeHeartbeat(session, frame, now);
    case '+ACK':
      return decodeAck(session, frame);
    case '+INF':
    case '+BNF':
      return decodeInformation(session, frame, now);
    default:
      // Crash data (+CRD) and the login frame: framed so the stream goes on, nothing stored.
      return { positions: [] };
  }
}

/** Head, type, 4-byte mask, length; then the fields bits 8-10 name, and the unique ID. */
function decodeReport(
  session: QueclinkSession,
  { head, bytes }: BinaryFrame,
  now: Date,
): DecodedMessage {
  const type = bytes[4]!;
  const mask = bytes.readUInt32BE(5);
  const r = new ByteReader(bytes.subarray(11, bytes.length - 4), `Queclink HEX ${head}`);
  const deviceType = has(mask, 8) ? r.u8() : undefined;
  if (has(mask, 9)) r.skip(2); // protocol version
  if (has(mask, 10)) r.skip(2); // firmware version
  const serial = identify(session, r.bytes(8), has(mask, 6));
  const tail = readTail(r.rest(), has(mask, 4), has(mask, 5));
  const { fixes, before } = findPoints(tail.body, mask);
  const report = reportName(head, type);
  const extras = reportExtras(before, deviceType, mask);
  const alarm = reportAlarm(report);
  const ignition = reportIgnition(report);
  const buffered = head === '+BSP' || head === '+BVT';
  const positions = fixes.map((fix): RawPosition => {
    const position: RawPosition = {
      serial,
      ...fix,
      attributes: { ...fix.attributes, ...extras.attributes, report },
    };
    if (extras.battery !== undefined) position.battery = extras.battery;
    if (alarm) position.alarm = alarm;
    if (ignition !== undefined) position.ignition = ignition;
    if (buffered) position.attributes!.buffered = true;
    return position;
  });
  const message: DecodedMessage = { serial, positions };
  if (positions.length === 0) {
    const status: DeviceStatus = { serial, time: now, attributes: { report } };
    if (extras.battery !== undefined) status.battery = extras.battery;
    if (alarm) status.alarm = alarm;
    if (ignition !== undefined) status.ignition = ignition;
    message.status = status;
  }
  if (tail.count !== undefined) message.reply = sack(tail.count);
  return message;
}

/** +HBD: mask (1 byte) and length, then device type, versions, unique ID, send time, count. */
function decodeHeartbeat(
  session: QueclinkSession,
  { bytes }: BinaryFrame,
  now: Date,
): DecodedMessage {
  const mask = bytes[4]!;
  const r = new ByteReader(bytes.subarray(6, bytes.length - 4), 'Queclink HEX +HBD');
  const deviceType = has(mask, 1) ? r.u8() : undefined;
  const protocol = has(mask, 2) ? r.u16() : undefined;
  if (has(mask, 3)) r.skip(2); // firmware version
  // Bit 7 off: the heartbeat names no unit; it can only belong to the connection's.
  const serial = has(mask, 7) ? identify(session, r.bytes(8), has(mask, 4)) : knownUnit(session);
  if (has(mask, 5)) r.skip(7); // send time
  const count = has(mask, 6) ? r.u16() : undefined;
  const message: DecodedMessage = { serial, positions: [], status: { serial, time: now } };
  if (count !== undefined) {
    // The ASCII form's version is device type and protocol version in hex: `1A0401`.
    const version =
      deviceType !== undefined && protocol !== undefined
        ? hex(deviceType, 2) + hex(protocol, 4)
        : '';
    message.reply = Buffer.from(`+SACK:GTHBD,${version},${hex(count, 4)}$`, 'latin1');
  }
  return message;
}

/**
 * +ACK: type, mask (bits as the heartbeat's), length, device type, versions, unique ID, ...,
 * the command's serial number, send time, count. Passed on as the answer to the command.
 */
function decodeAck(session: QueclinkSession, { bytes }: BinaryFrame): DecodedMessage {
  const type = bytes[4]!;
  const mask = bytes[5]!;
  const r = new ByteReader(bytes.subarray(7, bytes.length - 4), 'Queclink HEX +ACK');
  if (has(mask, 1)) r.skip(1);
  if (has(mask, 2)) r.skip(2);
  if (has(mask, 3)) r.skip(2);
  const serial = identify(session, r.bytes(8), has(mask, 4));
  const { body } = readTail(r.rest(), has(mask, 5), has(mask, 6));
  if (body.length < 2) throw new ProtocolError('Queclink HEX +ACK has no serial number');
  const serialNumber = hex(body.readUInt16BE(body.length - 2), 4);
  return {
    serial,
    positions: [],
    commandResponse: `HEX +ACK ${hex(type, 2)}, serial number ${serialNumber}`,
  };
}

/** +INF / +BNF: type, mask (2 bytes), length, unique ID, then device type and versions. */
function decodeInformation(
  session: QueclinkSession,
  { head, bytes }: BinaryFrame,
  now: Date,
): DecodedMessage {
  const type = bytes[4]!;
  const mask = bytes.readUInt16BE(5);
  const r = new ByteReader(bytes.subarray(9, bytes.length - 4), `Queclink HEX ${head}`);
  const serial = identify(session, r.bytes(8), has(mask, 1));
  const deviceType = has(mask, 2) ? r.u8() : undefined;
  if (has(mask, 3)) r.skip(2);
  if (has(mask, 4)) r.skip(2);
  const { body, count } = readTail(r.rest(), has(mask, 5), has(mask, 6));
  const report = reportName(head, type);
  const status: DeviceStatus = {
    serial,
    time: now,
    ...readInformation(body, deviceType, type),
    attributes: { report },
  };
  const message: DecodedMessage = { serial, positions: [], status };
  if (count !== undefined) message.reply = sack(count);
  return message;
}

/**
 * What a report carries between its unique ID and its points, as far as it is known: the
 * GB100 (device type 0x45) sends battery percent and external power in mV first (Traccar's
 * captures); the GV family the external power voltage in mV when mask bit 12 says so
 * (TRACGV200AN003 §4.3). The rest (inputs, motion state, event details) is not read.
 */
function reportExtras(before: Buffer, deviceType: number | undefined, mask: number) {
  const extras: { battery?: number; attributes: Record<string, number> } = { attributes: {} };
  if (deviceType === GB100 && before.length >= 3) {
    if (before[0]! <= 100) extras.battery = before[0]!;
    extras.attributes.power = before.readUInt16BE(1) / 1000;
  } else if (has(mask, 12) && before.length >= 2) {
    extras.attributes.power = before.readUInt16BE(0) / 1000;
  }
  return extras;
}

/** Send time and count number end every frame whose mask names them. */
function readTail(rest: Buffer, sendTime: boolean, count: boolean) {
  let end = rest.length;
  const tail: { body: Buffer; count?: number; sendTime?: Date } = { body: rest };
  if (count) {
    if (end < 2) throw new ProtocolError('Queclink HEX frame is too short for its count number');
    tail.count = rest.readUInt16BE(end - 2);
    end -= 2;
  }
  if (sendTime) {
    if (end < 7) throw new ProtocolError('Queclink HEX frame is too short for its send time');
    const time = readTime(new ByteReader(rest.subarray(end - 7, end), 'Queclink send time'));
    if (time) tail.sendTime = time;
    end -= 7;
  }
  tail.body = rest.subarray(0, end);
  return tail;
}

function identify(session: QueclinkSession, uid: Buffer, isName: boolean): string {
  if (isName) {
    if (session.serial !== undefined) return session.serial;
    throw new ProtocolError(
      `Queclink HEX frame names the unit by its device name ${JSON.stringify(deviceNameOf(uid))}, not its IMEI, before any frame gave the IMEI; clear the device-name bit of the AT+GTHRM masks`,
    );
  }
  const imei = imeiOf(uid);
  if (!imei) {
    throw new ProtocolError(
      `Queclink HEX unique ID must be an IMEI (7 bytes of two digits, then one), got ${toHex(uid)}`,
    );
  }
  session.serial = imei;
  return imei;
}

function knownUnit(session: QueclinkSession): string {
  if (session.serial !== undefined) return session.serial;
  throw new ProtocolError('Queclink HEX heartbeat without a unique ID before any frame gave it');
}

function sack(count: number): Buffer {
  return Buffer.from(`+SACK:${hex(count, 4)}$`, 'latin1');
}

function hex(value: number, width: number): string {
  return value.toString(16).toUpperCase().padStart(width, '0');
}
