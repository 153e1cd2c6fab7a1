import type { Alarm } from '@waymark/domain';
import { TextDecoder } from 'node:util';
import { toHex } from '../bytes';

/**
 * Field types of JT/T 808 (§4.2: BYTE, WORD, DWORD, BCD[n], STRING in GBK) and the bit tables of
 * the location report (2013 edition, tables 24 and 25; 2019 keeps them).
 */

/** The standard's clock: location times are GMT+8 (§8.18 "YY-MM-DD-hh-mm-ss (GMT+8)"). */
const GMT8_MS = 8 * 3600_000;

/**
 * The terminal phone number of the header as the tracker's serial: its BCD digits without the
 * zero padding, so a unit reads the same in a 2013 (BCD[6]) and a 2019 (BCD[10]) header.
 */
export function serialFromPhone(phone: Buffer): string {
  return toHex(phone).replace(/^0+(?=.)/, '');
}

/** BCD[6] YYMMDDhhmmss in GMT+8, as UTC milliseconds; NaN for digits that are not a date. */
export function readBcdTime(bcd: Buffer): number {
  const digits = toHex(bcd);
  if (!/^\d{12}$/.test(digits)) return Number.NaN;
  const [yy, mo, dd, hh, mi, ss] = digits.match(/../g)!.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || dd < 1 || dd > daysIn(2000 + yy, mo)) return Number.NaN;
  if (hh > 23 || mi > 59 || ss > 59) return Number.NaN;
  return Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss) - GMT8_MS;
}

/** BCD[6] of a time, in GMT+8: what a terminal sends. */
export function bcdTime(time: Date): Buffer {
  const t = new Date(time.getTime() + GMT8_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  const digits =
    two(t.getUTCFullYear() % 100) +
    two(t.getUTCMonth() + 1) +
    two(t.getUTCDate()) +
    two(t.getUTCHours()) +
    two(t.getUTCMinutes()) +
    two(t.getUTCSeconds());
  return Buffer.from(digits, 'hex');
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Table 24, alarm flags, to Waymark's alarms: the first that applies, in this order. Bit 17 is
 * reserved in the standard; tamper-alarm units (Traccar's field captures) set it when opened.
 * Any other flag (fatigue, faults, collision, ...) is 'other'.
 */
const ALARM_BITS: readonly [number, Alarm][] = [
  [0, 'sos'],
  [8, 'powerCut'],
  [7, 'lowBattery'], // main power under-voltage
  [17, 'tamper'],
  [1, 'overspeed'],
  [20, 'geofence'], // entering / leaving an area
  [21, 'geofence'], // entering / leaving a route
  [28, 'vibration'], // illegal displacement
];

export function alarmFromFlags(flags: number): Alarm | undefined {
  if (flags === 0) return undefined;
  for (const [bit, alarm] of ALARM_BITS) if (flags & (1 << bit)) return alarm;
  return 'other';
}

/** Table 25, status bits: 0 ACC, 1 positioned, 2 south, 3 west, 10 fuel circuit cut, 13 front door open. */
export const STATUS = {
  acc: 1 << 0,
  positioned: 1 << 1,
  south: 1 << 2,
  west: 1 << 3,
  fuelCut: 1 << 10,
  frontDoorOpen: 1 << 13,
} as const;

/** Additional item 0x25 (2013 table 28), extended vehicle signal status, bit by bit. */
export const VEHICLE_SIGNALS = [
  'lowBeam',
  'highBeam',
  'rightTurn',
  'leftTurn',
  'brake',
  'reverse',
  'fogLamp',
  'positionLamp',
  'horn',
  'airConditioner',
  'neutral',
  'retarder',
  'abs',
  'heater',
  'clutch',
] as const;

/** A STRING field: GBK text (ASCII for the Latin letters and digits), NULs and padding trimmed. */
export function readText(bytes: Buffer): string {
  return decodeGbk(bytes).replace(/\0+$/g, '').replace(/^\0+/g, '').trim();
}

/** An ID field: its text when it is printable ASCII, else its bytes in hex (some units send BCD). */
export function readId(bytes: Buffer): string {
  if (bytes.every((b) => b === 0 || (b >= 0x20 && b <= 0x7e))) return readText(bytes);
  return toHex(bytes).replace(/^0+(?=.)/, '');
}

const gbk = gbkDecoder();

function gbkDecoder(): TextDecoder | undefined {
  try {
    return new TextDecoder('gbk');
  } catch {
    // A Node built without full ICU: Latin text still reads, Chinese plates do not.
    return undefined;
  }
}

function decodeGbk(bytes: Buffer): string {
  return gbk ? gbk.decode(bytes) : bytes.toString('latin1');
}
