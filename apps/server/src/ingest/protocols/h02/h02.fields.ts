import type { Alarm, CellTower, RawPosition } from '@waymark/domain';
import {
  course,
  degreesMinutes,
  hhmmssDdmmyy,
  optionalDecimal,
  speed,
  utcTime,
} from '../ascii-fields';
import { ProtocolError } from '../types';

/**
 * Field groups of the H02 family. Section numbers refer to "GPS Tracker Communication Protocol"
 * V1.0.5 (H02, Shenzhen HuaSunTeK), the document Sinotrack and similar units follow.
 */

export type StatusFields = Pick<RawPosition, 'ignition' | 'alarm' | 'attributes'>;

/** What a position frame says, before the serial is attached. */
export type H02Fix = Omit<RawPosition, 'serial'>;

/**
 * §2.4 "Terminal Status": 4 bytes as 8 hex digits, first byte leftmost, and negative logic
 * ("bit = 0 valid"). Bit numbers below count from the rightmost (fourth) byte's bit 0.
 */
export function decodeStatus(hex: string): StatusFields {
  const status = parseInt(hex, 16);
  const active = (bit: number) => ((status >>> bit) & 1) === 0;
  const fields: StatusFields = {
    // Third byte bit 2 "ACC off": set means the ignition is on.
    ignition: !active(10),
    attributes: {
      status: hex.toUpperCase(),
      armed: active(9),
      doorOpen: active(8),
      engineCut: active(27),
    },
  };
  const alarm = statusAlarm(active);
  if (alarm) fields.alarm = alarm;
  return fields;
}

/**
 * The alarm bits Waymark has an alarm for, most urgent first: robbery (4th byte bit 1) or "SOS
 * alarm state" (2nd byte bit 2); running on the backup battery or main battery removed (2nd
 * byte bits 3, 4); overspeed (4th byte bit 2); theft, which these units raise from the shock
 * sensor while armed (bit 0); no-entry / cross-border (bits 4, 7).
 */
function statusAlarm(active: (bit: number) => boolean): Alarm | undefined {
  if (active(1) || active(18)) return 'sos';
  if (active(19) || active(20)) return 'powerCut';
  if (active(2)) return 'overspeed';
  if (active(0)) return 'vibration';
  if (active(4) || active(7)) return 'geofence';
  return undefined;
}

export const isStatusHex = (text: string | undefined): text is string =>
  text !== undefined && /^[0-9A-Fa-f]{8}$/.test(text.trim());

/** §5 ALRM alarm types. */
export function alarmOfType(type: string): Alarm {
  return (
    ({ '1': 'sos', '2': 'lowBattery', '3': 'geofence' } as Record<string, Alarm>)[type] ?? 'other'
  );
}

const VALID = new Set(['A', 'B']);

/**
 * §3.1 position block: time HHmmss, validity (A GPS, B BeiDou, V no fix; VI1 and ALRM put a
 * coding-scheme digit there), latitude DDMM.MMMM + N/S, longitude DDDMM.MMMM + E/W, speed in
 * knots, course, date DDMMYY. Some firmwares put a battery figure before the date. Undefined
 * when the tracker had no coordinates to give (empty fields, zeros with no hemisphere); a field
 * that is there but malformed throws. `next` is the index after the date.
 */
export function readFix(
  fields: readonly string[],
  at: number,
  now: Date,
): { fix: H02Fix; next: number } | undefined {
  const [time = '', validity = '', lat = '', ns = '', lng = '', ew = '', knots, heading] =
    fields.slice(at, at + 8);
  if (!/^[NS]$/i.test(ns.trim()) || !/^[EW]$/i.test(ew.trim()) || !lat.trim() || !lng.trim()) {
    return undefined;
  }
  const batteryFirst =
    /^\d{1,3}$/.test(fields[at + 8]?.trim() ?? '') && /^\d{6}$/.test(fields[at + 9]?.trim() ?? '');
  const date = fields[at + (batteryFirst ? 9 : 8)] ?? '';
  const deviceTime = hhmmssDdmmyy(time, date);
  const v = validity.trim().toUpperCase();
  const fix: H02Fix = {
    deviceTime: deviceTime ?? now,
    lat: degreesMinutes(lat, ns, 'H02 latitude'),
    lng: degreesMinutes(lng, ew, 'H02 longitude'),
    valid: VALID.has(v) || /^\d$/.test(v),
    fix: 'gps',
    // §3: "The information fields maybe null, that means the speed is 0".
    speed: speed(optionalDecimal(knots, 'H02 speed') ?? 0, 'H02 speed'),
    speedUnit: 'knots',
    course: course(optionalDecimal(heading, 'H02 course') ?? 0, 'H02 course'),
  };
  if (!deviceTime) fix.attributes = { timeInvalid: true };
  return { fix, next: at + (batteryFirst ? 10 : 9) };
}

/** Index of the first position block at or after `from` (a V4 answer puts its own fields first). */
export function findFix(fields: readonly string[], from: number): number | undefined {
  for (let i = from; i + 5 < fields.length; i++) {
    if (
      /^\d{6}$/.test(fields[i]!.trim()) &&
      /^[AVB]$/.test(fields[i + 1]!.trim()) &&
      /^[NS]$/.test(fields[i + 3]!.trim()) &&
      /^[EW]$/.test(fields[i + 5]!.trim())
    ) {
      return i;
    }
  }
  return undefined;
}

/**
 * §3.1 after the status: `pw,count,mcc,mnc,lac,cid,...` (battery 00-99, "99 means 100%").
 * Older firmwares put other things there (cells in hex, odometer); only this form is read.
 */
export function readPowerAndCell(extra: readonly string[]): { battery?: number; cell?: CellTower } {
  const [pw, count, mcc, mnc, lac, cid] = extra.map((f) => f.trim());
  if (!pw || !/^\d{1,2}$/.test(pw) || !count || !/^\d$/.test(count)) return {};
  const result: { battery?: number; cell?: CellTower } = {
    battery: Number(pw) >= 99 ? 100 : Number(pw),
  };
  const numbers = [mcc, mnc, lac, cid].map((f) => (f && /^\d{1,9}$/.test(f) ? Number(f) : NaN));
  if (numbers.every(Number.isFinite) && numbers[0]! > 0) {
    const [m, n, l, c] = numbers as [number, number, number, number];
    result.cell = { mcc: m, mnc: n, lac: l, cid: c };
  }
  return result;
}

/**
 * Binary position frame (the `$` form): BCD terminal number (5 bytes), time, date, latitude
 * DDMM.MMMM, a battery byte, longitude DDDMM.MMMM with a flag nibble (bit 1 valid, bit 2 north,
 * bit 3 east), speed in knots (3 digits), course (3 digits), then the 4 status bytes.
 */
export function readBinary(
  bytes: Buffer,
  now: Date,
): { serial: string; fix: H02Fix; status: string } {
  const head = digitsOf(bytes.subarray(1, 16)); // id 10, time 6, date 6, latitude 8
  const lngNibbles = bytes.subarray(17, 22).toString('hex');
  const lngDigits = digitsOf(bytes.subarray(17, 22), true);
  const flags = parseInt(lngNibbles[9]!, 16);
  const motion = digitsOf(bytes.subarray(22, 25)); // speed 3, course 3
  const deviceTime = hhmmssDdmmyy(head.slice(10, 16), head.slice(16, 22));
  const fix: H02Fix = {
    deviceTime: deviceTime ?? now,
    lat: degreesMinutes(
      `${head.slice(22, 26)}.${head.slice(26, 30)}`,
      flags & 0x04 ? 'N' : 'S',
      'H02 binary latitude',
    ),
    lng: degreesMinutes(
      `${lngDigits.slice(0, 5)}.${lngDigits.slice(5, 9)}`,
      flags & 0x08 ? 'E' : 'W',
      'H02 binary longitude',
    ),
    valid: (flags & 0x02) !== 0,
    fix: 'gps',
    speed: Number(motion.slice(0, 3)),
    speedUnit: 'knots',
    course: course(Number(motion.slice(3, 6)), 'H02 binary course'),
    // A level whose scale the documents do not give; kept as sent.
    attributes: { batteryLevel: bytes[16]! },
  };
  if (!deviceTime) fix.attributes = { ...fix.attributes, timeInvalid: true };
  return {
    serial: head.slice(0, 10),
    fix,
    status: bytes.subarray(25, 29).toString('hex').toUpperCase(),
  };
}

/** BCD bytes as their digits; `lastIsFlags`: the final nibble is a flag nibble, left out. */
function digitsOf(bytes: Buffer, lastIsFlags = false): string {
  const text = bytes.toString('hex');
  const digits = lastIsFlags ? text.slice(0, -1) : text;
  if (!/^\d+$/.test(digits)) {
    throw new ProtocolError(`H02 binary frame has a non-BCD digit in ${text}`);
  }
  return digits;
}

/**
 * §4 blind-spot points carry `DDHHmmss`: the day of the month. The month is the current one
 * unless that day is still ahead, then the previous one (a tracker holds days, not months).
 */
export function dayTime(text: string, now: Date): Date | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const [day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number];
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth() + 1;
  if (day > now.getUTCDate()) {
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return utcTime(year, month, day, hour, minute, second);
}
