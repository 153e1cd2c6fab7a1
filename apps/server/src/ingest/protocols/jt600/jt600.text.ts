import type { DeviceStatus, RawPosition } from '@waymark/domain';
import {
  course,
  decimal,
  degreesMinutes,
  hhmmssDdmmyy,
  integer,
  percent,
  signed,
  speed,
} from '../ascii-fields';
import { ProtocolError } from '../types';

/**
 * The text reports, `(<id>,<type>,...)` with the parentheses taken off by the frame:
 * - W01 (JT600): longitude and latitude as NMEA degrees and minutes, A/V, date, time, speed
 *   (km/h), course, battery (percent), satellites, GSM signal, alert type. Not answered.
 * - U01, U02, U03 and U06 (U06 with an alarm code first): date, time, T/F, decimal latitude and
 *   longitude with hemispheres, speed (mph, as Traccar reads it), course, satellites, battery %,
 *   status bits, cell ID, LAC, GSM signal, odometer (km), index. U01-U03 are confirmed `(S39)`,
 *   U06 `(S20)`.
 * - P45 (JT701 padlock event): date, time, decimal coordinates, A/V, speed (mph), course, event
 *   source, unlock check, RFID card, password checks, index; confirmed `(P69,0,<index>)`.
 * - `@JT`: the unit's keep-alive.
 */
export interface TextReport {
  serial: string;
  position?: RawPosition;
  status?: DeviceStatus;
  reply?: string;
  /** Set when the type is not one Waymark reads. */
  unread?: string;
}

const KMH_PER_MPH = 1.609344;

export function readText(values: string[], now: Date): TextReport {
  const serial = values[0]!;
  const type = values[1] ?? '';
  if (type === 'W01') return located(readW01(serial, values), now);
  if (/^U0[1236]$/.test(type)) {
    return { ...located(readU(serial, values), now), reply: type === 'U06' ? '(S20)' : '(S39)' };
  }
  if (type === 'P45') {
    const { position, index } = readP45(serial, values);
    return { ...located(position, now), reply: `(P69,0,${index})` };
  }
  if (type === '@JT') return { serial, status: { serial, time: now } };
  return { serial, unread: type };
}

/** A report without a fix (0,0: no fix since boot) is the unit's state at the server's time. */
function located(position: RawPosition, now: Date): TextReport {
  const { serial, battery, gsmSignal, attributes } = position;
  if (position.lat !== 0 || position.lng !== 0) return { serial, position };
  const status: DeviceStatus = { serial, time: now, ...(attributes && { attributes }) };
  if (battery !== undefined) status.battery = battery;
  if (gsmSignal !== undefined) status.gsmSignal = gsmSignal;
  return { serial, status };
}

function readW01(serial: string, v: string[]): RawPosition {
  need(v, 16, 'W01');
  return {
    serial,
    deviceTime: time(v[8]!, v[7]!),
    lng: degreesMinutes(v[2]!, v[3]!, 'JT600 W01 longitude'),
    lat: degreesMinutes(v[4]!, v[5]!, 'JT600 W01 latitude'),
    valid: v[6] === 'A',
    fix: 'gps',
    speed: speed(decimal(v[9], 'JT600 W01 speed'))!,
    speedUnit: 'kmh',
    course: course(decimal(v[10], 'JT600 W01 course')),
    battery: percent(integer(v[11], 'JT600 W01 battery'))!,
    satellites: integer(v[12], 'JT600 W01 satellites'),
    gsmSignal: integer(v[13], 'JT600 W01 GSM signal'),
    attributes: { alertType: integer(v[14], 'JT600 W01 alert type') },
  };
}

function readU(serial: string, v: string[]): RawPosition {
  // U06 (and any U report with an alarm) has the alarm code before the date.
  const at = /^[TF]$/.test(v[4] ?? '') ? 2 : 3;
  need(v, at + 17, v[1]!);
  const battery = /^(\d{1,3})%$/.exec(v[at + 10]!);
  if (!battery || !/^[01]{1,24}$/.test(v[at + 11]!)) {
    throw new ProtocolError(
      `JT600 ${v[1]} battery and status must be <n>% and bits, got ${v[at + 10]},${v[at + 11]}`,
    );
  }
  const attributes: NonNullable<RawPosition['attributes']> = {
    status: parseInt(v[at + 11]!, 2),
    cid: integer(v[at + 12], 'JT600 cell ID'),
    lac: integer(v[at + 13], 'JT600 LAC'),
    odometer: integer(v[at + 15], 'JT600 odometer') * 1000,
    index: integer(v[at + 16], 'JT600 index'),
  };
  if (at === 3) attributes.alarmCode = integer(v[2], 'JT600 alarm code');
  return {
    serial,
    deviceTime: time(v[at + 1]!, v[at]!),
    valid: v[at + 2] === 'T',
    lat: signed(decimal(v[at + 3], 'JT600 latitude'), v[at + 4]!, 'JT600 latitude'),
    lng: signed(decimal(v[at + 5], 'JT600 longitude'), v[at + 6]!, 'JT600 longitude'),
    fix: 'gps',
    speed: speed(decimal(v[at + 7], 'JT600 speed'))! * KMH_PER_MPH,
    speedUnit: 'kmh',
    course: course(decimal(v[at + 8], 'JT600 course')),
    satellites: integer(v[at + 9], 'JT600 satellites'),
    battery: percent(Number(battery[1]))!,
    gsmSignal: integer(v[at + 14], 'JT600 GSM signal'),
    attributes,
  };
}

function readP45(serial: string, v: string[]): { position: RawPosition; index: number } {
  need(v, 17, 'P45');
  const index = integer(v[16], 'JT600 P45 index');
  const rfid = v[13]!;
  const position: RawPosition = {
    serial,
    deviceTime: time(v[3]!, v[2]!),
    lat: signed(decimal(v[4], 'JT600 latitude'), v[5]!, 'JT600 latitude'),
    lng: signed(decimal(v[6], 'JT600 longitude'), v[7]!, 'JT600 longitude'),
    valid: v[8] === 'A',
    fix: 'gps',
    speed: speed(decimal(v[9], 'JT600 speed'))! * KMH_PER_MPH,
    speedUnit: 'kmh',
    course: course(decimal(v[10], 'JT600 course')),
    attributes: {
      eventSource: integer(v[11], 'JT600 P45 event source'),
      index,
      ...(/^0*$/.test(rfid) ? {} : { rfid }),
    },
  };
  return { position, index };
}

function need(values: string[], count: number, type: string): void {
  if (values.length < count) {
    throw new ProtocolError(`JT600 ${type} needs ${count} fields, got ${values.length}`);
  }
}

function time(hhmmss: string, ddmmyy: string): Date {
  const t = hhmmssDdmmyy(hhmmss, ddmmyy);
  if (!t)
    throw new ProtocolError(`JT600 date and time must be ddMMyy,HHmmss, got ${ddmmyy},${hhmmss}`);
  return t;
}
