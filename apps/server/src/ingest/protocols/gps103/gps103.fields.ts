import type { Alarm } from '@waymark/domain';
import { hhmmssDdmmyy, utcTime } from '../ascii-fields';

/**
 * Field groups of GPS103 / Coban TK103 messages:
 * `imei:ID,keyword,local time,phone,F|L,GPS time hhmmss.sss,A|V,DDMM.MMMM,N|S,DDDMM.MMMM,E|W,
 * speed (knots),course[,altitude,ACC,door,fuel 1,fuel 2,temperature]`.
 */

/** The keyword names the report; these are the ones with a Waymark alarm. */
const KEYWORD_ALARMS: Record<string, Alarm> = {
  'help me': 'sos',
  'low battery': 'lowBattery',
  move: 'vibration', // "movement alarm": the unit left its armed position
  'sensor alarm': 'vibration',
  speed: 'overspeed',
  stockade: 'geofence',
  'ac alarm': 'powerCut', // external power removed
  'door alarm': 'other',
  'acc alarm': 'other',
  'bonnet alarm': 'other',
  'footbrake alarm': 'other',
};

export function keywordAlarm(keyword: string): Alarm | undefined {
  return KEYWORD_ALARMS[keyword.trim().toLowerCase()];
}

/** `acc on` / `acc off` reports say the ignition changed. */
export function keywordIgnition(keyword: string): boolean | undefined {
  const k = keyword.trim().toLowerCase();
  return k === 'acc on' ? true : k === 'acc off' ? false : undefined;
}

/** `T:+28.0` reports a temperature in the keyword. */
export function keywordTemperature(keyword: string): number | undefined {
  const m = /^T:([+-]?\d+(?:\.\d+)?)$/i.exec(keyword.trim());
  return m ? Number(m[1]) : undefined;
}

/** The unit's clock: `YYMMDDhhmm`, `YYMMDDhhmmss` or `YY/MM/DD hh:mm`, in its own time zone. */
export function localTime(text: string): Date | undefined {
  const t = text.trim();
  const packed = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(t);
  const slashed = /^(\d{2})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})$/.exec(t);
  const m = packed ?? slashed;
  if (!m) return undefined;
  const [yy, mo, dd, hh, mi, ss] = m.slice(1).map((v) => Number(v ?? '0'));
  return utcTime(yy!, mo!, dd!, hh!, mi!, ss!);
}

const HALF_DAY = 12 * 3600_000;
const DAY = 2 * HALF_DAY;

/**
 * The fix time: the GPS time of day is UTC but the message dates only the unit's local clock.
 * The UTC day is the local one, moved a day where the two clocks are more than 12 h apart
 * (a unit at UTC+3 reporting 02:59 local is still at 23:59 UTC the day before).
 */
export function fixTime(local: Date | undefined, gpsTime: string): Date | undefined {
  if (!local) return undefined;
  const iso = local.toISOString();
  const date = `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
  const utc = hhmmssDdmmyy(gpsTime, date);
  if (!utc) return undefined;
  const drift = utc.getTime() - local.getTime();
  if (drift > HALF_DAY) return new Date(utc.getTime() - DAY);
  if (drift < -HALF_DAY) return new Date(utc.getTime() + DAY);
  return utc;
}
