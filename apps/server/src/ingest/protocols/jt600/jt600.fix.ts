import { utcTime } from '../ascii-fields';
import type { ByteReader } from '../bytes';
import { ProtocolError } from '../types';

/**
 * The 17 bytes every binary record starts with: date and time (ddMMyy HHmmss, BCD, UTC),
 * latitude (ddmm.mmmm as 8 BCD digits), longitude (dddmm.mmmm as 9 BCD digits) whose last byte's
 * low nibble holds the flags (bit 0 the fix is valid, bit 1 north, bit 2 east), speed and course.
 *
 * Speed is one binary byte in knots, not BCD as Traccar reads it: the 15-record capture of unit
 * 6240901961 has speeds 0x1b, 0x0a and 0x1f, which are no BCD, and its fixes 15 s apart are as
 * far apart as those bytes read as knots say (0x22 and 0x21 around a 257 m step: 63 and 61 km/h
 * against 61.8 km/h driven; as BCD, 40 km/h). Course is one byte in units of 2 degrees: unit
 * 3120820029's binary record of 05:34:05 has 0x04 where its W01 text report of 05:33:39 says 8.
 */
export interface Jt600Fix {
  time: Date;
  lat: number;
  lng: number;
  valid: boolean;
  speedKnots: number;
  course: number;
  /** False for the 0,0 a unit sends before its first fix. */
  located: boolean;
}

export function readFix(r: ByteReader): Jt600Fix {
  const time = readTime(r.bytes(6).toString('hex'));
  const latDigits = r.bytes(4).toString('hex');
  const lngDigits = r.bytes(5).toString('hex');
  if (!/^\d{8}$/.test(latDigits) || !/^\d{9}[0-9a-f]$/.test(lngDigits)) {
    throw new ProtocolError(
      `JT600 coordinates must be BCD degrees and minutes, got ${latDigits} ${lngDigits}`,
    );
  }
  const flags = parseInt(lngDigits[9]!, 16);
  const lat = degrees(latDigits.slice(0, 2), latDigits.slice(2), 90, 'latitude');
  const lng = degrees(lngDigits.slice(0, 3), lngDigits.slice(3, 9), 180, 'longitude');
  const speedKnots = r.u8();
  const course = (r.u8() * 2) % 360;
  return {
    time,
    lat: flags & 0x2 ? lat : -lat,
    lng: flags & 0x4 ? lng : -lng,
    valid: (flags & 0x1) !== 0,
    speedKnots,
    course,
    located: lat !== 0 || lng !== 0,
  };
}

/** Whole degrees and minutes in ten-thousandths, as unsigned degrees. */
function degrees(whole: string, tenThousandths: string, max: number, field: string): number {
  const minutes = Number(tenThousandths) / 10_000;
  const value = Number(whole) + minutes / 60;
  if (minutes >= 60 || value > max) {
    throw new ProtocolError(`JT600 ${field} ${whole}°${minutes}' is not one`);
  }
  return value;
}

function readTime(digits: string): Date {
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(digits);
  const time =
    m &&
    utcTime(Number(m[3]), Number(m[2]), Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]));
  if (!time) throw new ProtocolError(`JT600 time must be ddMMyyHHmmss in BCD, got ${digits}`);
  return time;
}
