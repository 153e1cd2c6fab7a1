import type { DeviceStatus, RawPosition } from '@waymark/domain';
import { asBuffer } from '../bytes';
import { course, decimal, degreesMinutes, optionalDecimal, speed } from '../ascii-fields';
import { ProtocolError } from '../types';
import type { DecodedMessage, TcpProtocol } from '../types';
import {
  fixTime,
  keywordAlarm,
  keywordIgnition,
  keywordTemperature,
  localTime,
} from './gps103.fields';
import { readGps103Frame } from './gps103.frame';

/**
 * GPS103 / Coban TK103 and its many clones over TCP (port 5001), per Coban's "GPS tracker
 * GPRS protocol": the unit logs in with `##,imei:<IMEI>,A;` and the server answers `LOAD`; its
 * heartbeat `<IMEI>;` is answered `ON`; reports (`imei:<IMEI>,<keyword>,...;`) are not answered.
 */
export interface Gps103Session {
  /** IMEI of the login or of the last message; commands are addressed to it. */
  serial?: string;
}

export const LOGIN_REPLY = 'LOAD';
export const HEARTBEAT_REPLY = 'ON';

export const gps103Protocol: TcpProtocol<Gps103Session> = {
  name: 'gps103',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let consumed = 0;
    for (;;) {
      const frame = readGps103Frame(buf.subarray(consumed));
      if (!frame) break;
      consumed += frame.size;
      if (frame.kind === 'text') {
        const message = decodeText(session, frame.text.trim(), now);
        if (message) messages.push(message);
      }
    }
    return { consumed, messages };
  },
};

function decodeText(session: Gps103Session, text: string, now: Date): DecodedMessage | undefined {
  if (text === '') return undefined;
  const login = /^##,imei:(\d{1,20}),\w*$/.exec(text);
  if (login) {
    session.serial = login[1]!;
    return { serial: session.serial, positions: [], reply: Buffer.from(LOGIN_REPLY, 'ascii') };
  }
  if (/^\d{1,20}$/.test(text)) {
    session.serial = text;
    return {
      serial: text,
      positions: [],
      status: { serial: text, time: now },
      reply: Buffer.from(HEARTBEAT_REPLY, 'ascii'),
    };
  }
  // One firmware runs its heartbeat into the next report without the `;`.
  const report = /^(?:\d{1,20})?imei:(\d{1,20}),(.*)$/s.exec(text);
  if (!report) {
    throw new ProtocolError(
      `GPS103 message must be a login (##,imei:), a report (imei:) or an IMEI heartbeat, got ${JSON.stringify(text.slice(0, 24))}`,
    );
  }
  const serial = report[1]!;
  session.serial = serial;
  return decodeReport(serial, report[2]!.split(','), now);
}

/** `keyword,local time,phone,F|L,...`: a position for F with coordinates, else the unit's state. */
function decodeReport(serial: string, fields: string[], now: Date): DecodedMessage {
  const [keyword = '', , , fixType = ''] = fields;
  const position = fixType.trim() === 'F' ? readPosition(serial, fields, now) : undefined;
  if (position) return { serial, positions: [position] };

  const status: DeviceStatus = { serial, time: now, attributes: { keyword: keyword.trim() } };
  const alarm = keywordAlarm(keyword);
  if (alarm) status.alarm = alarm;
  const ignition = keywordIgnition(keyword);
  if (ignition !== undefined) status.ignition = ignition;
  // An L (no fix) report carries the serving cell's LAC and cell id in hex, without MCC/MNC.
  const [lac, cid] = [fields[6]?.trim(), fields[8]?.trim()];
  if (
    fixType.trim() === 'L' &&
    lac &&
    cid &&
    /^[0-9a-f]{1,8}$/i.test(lac) &&
    /^[0-9a-f]{1,8}$/i.test(cid)
  ) {
    status.attributes = { ...status.attributes, lac: parseInt(lac, 16), cid: parseInt(cid, 16) };
  }
  return { serial, positions: [], status };
}

function readPosition(serial: string, fields: string[], now: Date): RawPosition | undefined {
  const [keyword = '', local = '', , , gpsTime = '', validity = ''] = fields;
  let [lat = '', ns = '', lng = '', ew = ''] = fields.slice(6, 10).map((f) => f.trim());
  // One firmware writes the hemisphere before each coordinate.
  if (/^[NS]$/i.test(lat) && /^[EW]$/i.test(lng)) [lat, ns, lng, ew] = [ns, lat, ew, lng];
  // Without both hemisphere letters the sign of the coordinates is unknown.
  if (!lat || !lng || !/^[NS]$/i.test(ns) || !/^[EW]$/i.test(ew)) return undefined;
  const deviceTime = fixTime(localTime(local), gpsTime);
  const position: RawPosition = {
    serial,
    deviceTime: deviceTime ?? now,
    lat: degreesMinutes(lat, ns, 'GPS103 latitude'),
    lng: degreesMinutes(lng, ew, 'GPS103 longitude'),
    valid: validity.trim() === 'A',
    fix: 'gps',
    speed: speed(optionalDecimal(fields[10], 'GPS103 speed') ?? 0, 'GPS103 speed'),
    speedUnit: 'knots',
    attributes: { keyword: keyword.trim() },
  };
  const heading = course(optionalDecimal(fields[11], 'GPS103 course'), 'GPS103 course');
  if (heading !== undefined) position.course = heading;
  if (!deviceTime) position.attributes = { ...position.attributes, timeInvalid: true };
  // Extras of the longer firmwares: altitude, ACC, door, fuel 1 and 2 (%), temperature.
  const altitude = lenientNumber(fields[12]);
  if (altitude !== undefined) position.altitude = altitude;
  const acc = fields[13]?.trim();
  if (acc === '0' || acc === '1') position.ignition = acc === '1';
  const ignition = keywordIgnition(keyword);
  if (ignition !== undefined) position.ignition = ignition;
  const temperature = keywordTemperature(keyword) ?? lenientNumber(fields[17]);
  if (temperature !== undefined) position.temperature = temperature;
  const alarm = keywordAlarm(keyword);
  if (alarm) position.alarm = alarm;
  return position;
}

/** Vendor extras are read when they are plain numbers and otherwise left out (never guessed). */
function lenientNumber(text: string | undefined): number | undefined {
  const t = text?.trim() ?? '';
  return /^[-+]?\d+(\.\d+)?$/.test(t) ? decimal(t, 'GPS103 extra') : undefined;
}
