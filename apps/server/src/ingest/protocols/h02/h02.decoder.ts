import type { CellTower, DeviceStatus, RawPosition } from '@waymark/domain';
import { asBuffer } from '../bytes';
import { course, degreesMinutes, optionalDecimal, percent, speed } from '../ascii-fields';
import { ProtocolError } from '../types';
import type { DecodedMessage, TcpProtocol } from '../types';
import {
  alarmOfType,
  dayTime,
  decodeStatus,
  findFix,
  isStatusHex,
  readBinary,
  readFix,
  readPowerAndCell,
} from './h02.fields';
import type { H02Fix, StatusFields } from './h02.fields';
import { binaryLengthOf, readH02Frame } from './h02.frame';

/**
 * The H02 family (Sinotrack ST-901/ST-906 and many low-cost units) over TCP (port 5013).
 * Section numbers refer to "GPS Tracker Communication Protocol" V1.0.5 (H02). The document's
 * protocol list answers no uplink frame (V1, XT, BC and ALRM say "response: no"), so the
 * server sends nothing back except the commands it is asked to send.
 */
export interface H02Session {
  /** Terminal number of the last frame that carried one; commands are addressed to it. */
  serial?: string;
  /** Length of this connection's binary frames, learnt from its first one. */
  binaryLength?: number;
}

export const h02Protocol: TcpProtocol<H02Session> = {
  name: 'h02',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let consumed = 0;
    for (;;) {
      const rest = buf.subarray(consumed);
      if (rest[0] === 0x24 && session.binaryLength === undefined) {
        session.binaryLength = binaryLengthOf(rest);
      }
      const frame = readH02Frame(rest, session.binaryLength);
      if (!frame) break;
      consumed += frame.size;
      if (frame.kind === 'text') messages.push(decodeText(session, frame.text, now));
      if (frame.kind === 'binary') messages.push(decodeBinary(session, frame.bytes, now));
    }
    return { consumed, messages };
  },
};

function decodeBinary(session: H02Session, bytes: Buffer, now: Date): DecodedMessage {
  const { serial, fix, status } = readBinary(bytes, now);
  session.serial = serial;
  return { serial, positions: [withStatus(serial, fix, status)] };
}

function decodeText(session: H02Session, text: string, now: Date): DecodedMessage {
  const fields = text.slice(1, -1).split(',');
  const [maker = '', id = '', rawType = ''] = fields;
  if (!/^[A-Za-z]{2}$/.test(maker)) {
    throw new ProtocolError(
      `H02 frame must start with a two-letter maker (*HQ), got ${text.slice(0, 12)}`,
    );
  }
  // One firmware leaves the terminal number out of some frames; the connection still has it.
  if (id !== '' && !/^\d{1,20}$/.test(id)) {
    throw new ProtocolError(`H02 terminal number must be digits, got ${JSON.stringify(id)}`);
  }
  const serial = id || session.serial;
  if (serial === undefined) {
    throw new ProtocolError(
      'H02 frame without a terminal number on a connection that never sent one',
    );
  }
  session.serial = serial;
  const type = rawType.toUpperCase();
  const message: DecodedMessage = { serial, positions: [] };

  if (type === 'V1' || type === 'V19' || type === 'VI1') {
    return located(message, fields, 3, now);
  }
  if (type === 'ALRM') {
    // §5: ALRM,type,HHmmss,code,latitude...
    const result = located(message, fields, 4, now);
    const alarm = alarmOfType(fields[3]?.trim() ?? '');
    for (const p of result.positions) p.alarm = alarm;
    if (result.status) result.status.alarm = alarm;
    return result;
  }
  if (type === 'V4') {
    // §2.5: V4,cmd,[ret,][rHHmmss,]HHmmss,S,latitude...: an answer to a command, with a fix.
    const at = findFix(fields, 4);
    const answer = fields.slice(3, at === undefined ? fields.length : at);
    if (answer.length > 1 && /^\d{6}$/.test(answer[answer.length - 1]!)) answer.pop();
    const result =
      at === undefined ? statusOnly(message, fields, now) : located(message, fields, at, now);
    return { ...result, commandResponse: answer.join(',').trim() };
  }
  if (type === 'VP1') return simpleLocation(message, fields, now);
  if (type === 'BC') return blindSpots(message, text, now);
  // XT heartbeat, HTBT, LINK, V3/NBR cell reports and the rest: state without coordinates.
  return statusOnly(message, fields, now);
}

/** A frame with a position block at `at`, or, when it had no fix, its state alone. */
function located(message: DecodedMessage, fields: string[], at: number, now: Date): DecodedMessage {
  const read = readFix(fields, at, now);
  if (!read) return statusOnly(message, fields, now);
  const next = fields[read.next];
  const statusHex = isStatusHex(next) ? next : lastStatus(fields);
  const position = withStatus(message.serial!, read.fix, statusHex);
  if (isStatusHex(next)) {
    const { battery, cell } = readPowerAndCell(fields.slice(read.next + 1));
    if (battery !== undefined) position.battery = battery;
    if (cell) position.cell = cell;
  }
  return { ...message, positions: [position] };
}

function withStatus(serial: string, fix: H02Fix, statusHex: string | undefined): RawPosition {
  const position: RawPosition = { serial, ...fix };
  if (statusHex) {
    const status = decodeStatus(statusHex);
    if (status.ignition !== undefined) position.ignition = status.ignition;
    if (status.alarm) position.alarm = status.alarm;
    position.attributes = { ...position.attributes, ...status.attributes };
  }
  return position;
}

function lastStatus(fields: string[]): string | undefined {
  const last = fields[fields.length - 1];
  return isStatusHex(last) ? last.trim() : undefined;
}

/** Heartbeats and cell-only reports: the device's state, stamped with the server's clock. */
function statusOnly(message: DecodedMessage, fields: string[], now: Date): DecodedMessage {
  const status: DeviceStatus = { serial: message.serial!, time: now };
  const statusHex = lastStatus(fields);
  const bits: StatusFields = statusHex ? decodeStatus(statusHex) : {};
  if (bits.ignition !== undefined) status.ignition = bits.ignition;
  if (bits.alarm) status.alarm = bits.alarm;
  if (bits.attributes) status.attributes = bits.attributes;
  const type = fields[2]?.toUpperCase();
  if (type === 'LINK') {
    // LINK,HHmmss,rssi,satellites,battery,steps,turnovers,DDMMYY,status (wrist units).
    status.gsmSignal = optionalDecimal(fields[4], 'H02 LINK signal');
    status.battery = percent(optionalDecimal(fields[6], 'H02 LINK battery'));
  } else if (type === 'HTBT') {
    status.battery = percent(optionalDecimal(fields[3], 'H02 HTBT battery'));
  }
  const cell = cellOf(type, fields);
  if (cell) status.cell = cell;
  return { ...message, status: dropUndefined(status) };
}

/** The serving cell of a V3 (MCC and MNC run together) or NBR (MCC, MNC apart) report. */
function cellOf(type: string | undefined, fields: string[]): CellTower | undefined {
  const n = (text: string | undefined) =>
    text && /^\d{1,9}$/.test(text.trim()) ? Number(text) : NaN;
  let cell: CellTower | undefined;
  if (type === 'V3' && /^\d{5,6}$/.test(fields[4]?.trim() ?? '')) {
    const mccMnc = fields[4]!.trim();
    cell = {
      mcc: n(mccMnc.slice(0, 3)),
      mnc: n(mccMnc.slice(3)),
      lac: n(fields[6]),
      cid: n(fields[7]),
    };
  } else if (type === 'NBR') {
    cell = { mcc: n(fields[4]), mnc: n(fields[5]), lac: n(fields[8]), cid: n(fields[9]) };
  }
  return cell && Object.values(cell).every(Number.isFinite) ? cell : undefined;
}

/** VP1 ("simple version"): A/B with a fix but no time of day, or V with cells only. */
function simpleLocation(message: DecodedMessage, fields: string[], now: Date): DecodedMessage {
  const validity = fields[3]?.trim().toUpperCase();
  if (validity !== 'A' && validity !== 'B') return statusOnly(message, fields, now);
  // No time of day in the frame: it is a real-time report, so it happened as it arrived.
  const read = readFix(['000000', ...fields.slice(3, 11)], 0, now);
  if (!read) return statusOnly(message, fields, now);
  const fix = { ...read.fix, deviceTime: now, attributes: { timeFromServer: true } };
  return { ...message, positions: [withStatus(message.serial!, fix, lastStatus(fields))] };
}

/**
 * §4 blind-spot upload: `BC,HHmmss,length,` then up to 100 points separated by `;`, each
 * `S,latitude,D,longitude,G,speed,direction,DDHHmmss,status,mcc,mnc,lac,cid`.
 */
function blindSpots(message: DecodedMessage, text: string, now: Date): DecodedMessage {
  const body = text.slice(1, -1).split(',').slice(5).join(',');
  const positions: RawPosition[] = [];
  for (const point of body.split(';')) {
    const [validity = '', lat = '', ns = '', lng = '', ew = '', knots, heading, when = '', status] =
      point.split(',').map((f) => f.trim());
    if (!lat || !lng) continue;
    const deviceTime = dayTime(when, now);
    if (!deviceTime)
      throw new ProtocolError(`H02 blind-spot time must be DDHHmmss, got ${JSON.stringify(when)}`);
    const fix: H02Fix = {
      deviceTime,
      lat: degreesMinutes(lat, ns, 'H02 blind-spot latitude'),
      lng: degreesMinutes(lng, ew, 'H02 blind-spot longitude'),
      valid: validity === 'A' || validity === 'B',
      fix: 'gps',
      speed: speed(optionalDecimal(knots, 'H02 blind-spot speed') ?? 0, 'H02 blind-spot speed'),
      speedUnit: 'knots',
      course: course(
        optionalDecimal(heading, 'H02 blind-spot course') ?? 0,
        'H02 blind-spot course',
      ),
    };
    positions.push(withStatus(message.serial!, fix, isStatusHex(status) ? status : undefined));
  }
  return { ...message, positions };
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
