import { formatDegreesMinutes } from '../ascii-fields';
import type { Alarm } from '@waymark/domain';

/**
 * What a Coban TK103 unit sends (the device side of gps103.decoder.ts), for the simulator and
 * round-trip tests: log on, heartbeat and reports. Its clock is set to UTC, so the local time
 * field and the GPS time agree. Pure.
 */

export interface Gps103Location {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  valid: boolean;
  alarm?: Alarm;
}

/** Keyword the unit sends for each alarm it has (the inverse of gps103.fields.ts). */
const ALARM_KEYWORDS: Partial<Record<Alarm, string>> = {
  sos: 'help me',
  lowBattery: 'low battery',
  vibration: 'sensor alarm',
  overspeed: 'speed',
  geofence: 'stockade',
  powerCut: 'ac alarm',
  other: 'door alarm',
};

export function encodeGps103Login(imei: string): Buffer {
  return Buffer.from(`##,imei:${imei},A;`, 'ascii');
}

export function encodeGps103Heartbeat(imei: string): Buffer {
  return Buffer.from(`${imei};`, 'ascii');
}

/** `imei:ID,keyword,YYMMDDhhmmss,,F,hhmmss.000,A,DDMM.MMMM,N,DDDMM.MMMM,E,knots,course;` */
export function encodeGps103Location(imei: string, l: Gps103Location): Buffer {
  const iso = l.time.toISOString();
  const local = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
  const fields = [
    `imei:${imei}`,
    (l.alarm && ALARM_KEYWORDS[l.alarm]) ?? 'tracker',
    local,
    '',
    'F',
    `${iso.slice(11, 19).replace(/:/g, '')}.000`,
    l.valid ? 'A' : 'V',
    formatDegreesMinutes(l.lat, 2),
    l.lat >= 0 ? 'N' : 'S',
    formatDegreesMinutes(l.lng, 3),
    l.lng >= 0 ? 'E' : 'W',
    (Math.max(0, l.speedKmh) / 1.852).toFixed(2),
    (((l.course % 360) + 360) % 360).toFixed(2),
  ];
  return Buffer.from(`${fields.join(',')};`, 'ascii');
}
