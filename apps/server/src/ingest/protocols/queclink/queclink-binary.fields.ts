import type { CellTower } from '@waymark/domain';
import { utcTime } from '../ascii-fields';
import type { ByteReader } from '../bytes';
import type { QueclinkFix } from './queclink.fields';

/**
 * Field encodings of the @Track HEX mode (TRACGV200AN003 §4; the same in the GB100 captures of
 * queclink-binary.fixtures.ts). All numbers are big-endian.
 */

/** The GB100's device type byte; its reports put battery and power first (see the fixtures). */
export const GB100 = 0x45;

/**
 * The 8-byte unique ID as an IMEI: "each 2 digits are encoded into one byte as an integer",
 * the 15th digit alone in the last byte (135790246811220 is 0D 39 5A 18 44 0B 16 00).
 * Undefined when a byte is no such digit pair.
 */
export function imeiOf(uid: Buffer): string | undefined {
  let digits = '';
  for (let i = 0; i < 7; i++) {
    if (uid[i]! > 99) return undefined;
    digits += String(uid[i]).padStart(2, '0');
  }
  return uid[7]! <= 9 ? digits + String(uid[7]) : undefined;
}

/** The unique ID as the device name (AT+GTCFG), up to 8 bytes, zero-padded. */
export function deviceNameOf(uid: Buffer): string {
  const end = uid.indexOf(0);
  return uid.toString('latin1', 0, end < 0 ? uid.length : end);
}

/** Year (2 bytes), month, day, hour, minute, second; undefined when not a calendar time. */
export function readTime(r: ByteReader): Date | undefined {
  return utcTime(r.u16(), r.u8(), r.u8(), r.u8(), r.u8(), r.u8());
}

/** Bits 0-3 of the +RSP/+EVT mask: which parts of a GPS point are sent. */
export const POINT_BITS = { speed: 0, azimuth: 1, altitude: 2, cell: 3 } as const;
export const has = (mask: number, bit: number) => ((mask >>> bit) & 1) === 1;

/** Bytes of one GPS point under `mask`: accuracy, [speed], [azimuth], [altitude], lng, lat, time, [cell]. */
export function pointSize(mask: number): number {
  return (
    1 +
    (has(mask, POINT_BITS.speed) ? 3 : 0) +
    (has(mask, POINT_BITS.azimuth) ? 2 : 0) +
    (has(mask, POINT_BITS.altitude) ? 2 : 0) +
    4 +
    4 +
    7 +
    (has(mask, POINT_BITS.cell) ? 9 : 0)
  );
}

/**
 * One GPS point, or undefined when its bytes cannot be one (so a caller searching for the
 * points can try the next offset): GPS accuracy (HDOP 0-50, 0 "the current GPS fix fails"),
 * speed as a 2-byte integer and a 1-byte tenth of km/h ("00 04 03" is 4.3 km/h, the ASCII
 * examples' speed), azimuth 0-359, altitude in metres (signed), longitude and latitude in
 * millionths of a degree (signed), GPS UTC time, then MCC, MNC, LAC, cell ID and a reserved byte.
 */
export function readPoint(r: ByteReader, mask: number): QueclinkFix | undefined {
  const hdop = r.u8();
  let speed = 0;
  if (has(mask, POINT_BITS.speed)) {
    const whole = r.u16();
    const tenths = r.u8();
    if (tenths > 9) return undefined;
    speed = whole + tenths / 10;
  }
  const course = has(mask, POINT_BITS.azimuth) ? r.u16() : undefined;
  const altitude = has(mask, POINT_BITS.altitude) ? r.i16() : undefined;
  const lng = r.i32() / 1e6;
  const lat = r.i32() / 1e6;
  const deviceTime = readTime(r);
  const cell = has(mask, POINT_BITS.cell) ? readCell(r) : undefined;
  const plausible =
    hdop <= 50 &&
    speed <= 999.9 &&
    (course === undefined || course < 360) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180;
  if (!deviceTime || !plausible) return undefined;
  const fix: QueclinkFix = {
    deviceTime,
    lat,
    lng,
    valid: hdop !== 0,
    fix: 'gps',
    speed,
    speedUnit: 'kmh',
  };
  if (course !== undefined) fix.course = course;
  if (altitude !== undefined) fix.altitude = altitude;
  if (hdop > 0) fix.attributes = { hdop };
  if (cell) fix.cell = cell;
  return fix;
}

/**
 * MCC and MNC are sent as the hex digits of their decimal form (MCC 268 is 02 68, as the
 * ASCII mode's `0268`), LAC and cell ID as numbers; a reserved byte follows.
 */
function readCell(r: ByteReader): CellTower | undefined {
  const mcc = decimalDigits(r.u16());
  const mnc = decimalDigits(r.u16());
  const lac = r.u16();
  const cid = r.u16();
  r.skip(1);
  return mcc !== undefined && mcc > 0 && mnc !== undefined ? { mcc, mnc, lac, cid } : undefined;
}

function decimalDigits(value: number): number | undefined {
  const text = value.toString(16);
  return /^\d+$/.test(text) ? Number(text) : undefined;
}
