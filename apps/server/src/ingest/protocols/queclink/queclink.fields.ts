import type { Alarm, CellTower, RawPosition } from '@waymark/domain';
import { compactTime, course, latitude, longitude, optionalDecimal, speed } from '../ascii-fields';

/**
 * The GPS block of @Track reports (TRACGL300AN001 §3.3, the same in the GV300/GV350/GV500
 * documents): `<GPS accuracy>,<speed km/h>,<azimuth>,<altitude>,<longitude>,<latitude>,
 * <GPS UTC time YYYYMMDDHHMMSS>,<MCC>,<MNC>,<LAC hex>,<cell ID hex>,<reserved>`. A report may
 * hold several (`<number>` of them, e.g. GTFRI with buffered points); where the block sits
 * depends on the report type and model, so it is found by its longitude, latitude and time.
 */
export type QueclinkFix = Omit<RawPosition, 'serial'>;

const LNG = /^-?\d{1,3}\.\d{1,8}$/;
const LAT = /^-?\d{1,2}\.\d{1,8}$/;
const TIME = /^\d{14}$/;

export function readBlocks(fields: readonly string[]): { fixes: QueclinkFix[]; end: number } {
  const fixes: QueclinkFix[] = [];
  let end = 0;
  for (let i = 4; i + 2 < fields.length; i++) {
    if (!LNG.test(fields[i]!) || !LAT.test(fields[i + 1]!) || !TIME.test(fields[i + 2]!)) continue;
    const fix = readBlock(fields, i - 4);
    if (fix) fixes.push(fix);
    // The block ends with MCC, MNC, LAC, cell ID and a reserved field.
    end = i + 8;
    i += 2;
  }
  return { fixes, end };
}

/**
 * The GL300 layout of TRACGL300AN001 ends a report with `<battery %>,<send time>,<count>`
 * right after the last block; other models put mileage and more there, so only that exact
 * shape is read as the battery.
 */
export function batteryAfter(fields: readonly string[], end: number): number | undefined {
  const value = fields[end]?.trim() ?? '';
  return fields.length - end === 3 && /^\d{1,3}$/.test(value) && Number(value) <= 100
    ? Number(value)
    : undefined;
}

function readBlock(fields: readonly string[], at: number): QueclinkFix | undefined {
  const [accuracy, knots, azimuth, altitude, lng = '', lat = '', time = ''] = fields.slice(
    at,
    at + 7,
  );
  const deviceTime = compactTime(time);
  // A block stamped with an impossible time is not a fix the unit made.
  if (!deviceTime) return undefined;
  const hdop = /^\d{1,2}$/.test(accuracy?.trim() ?? '') ? Number(accuracy) : undefined;
  const fix: QueclinkFix = {
    deviceTime,
    lat: latitude(Number(lat), 'Queclink latitude'),
    lng: longitude(Number(lng), 'Queclink longitude'),
    // "0: the current GPS fix fails" (the block then repeats the last known fix).
    valid: hdop !== 0,
    fix: 'gps',
    speed: speed(lenient(knots) ?? 0, 'Queclink speed'),
    speedUnit: 'kmh',
  };
  const heading = course(lenient(azimuth), 'Queclink azimuth');
  if (heading !== undefined) fix.course = heading;
  const alt = lenient(altitude);
  if (alt !== undefined) fix.altitude = alt;
  if (hdop !== undefined && hdop > 0) fix.attributes = { hdop };
  const cell = readCell(fields.slice(at + 7, at + 11));
  if (cell) fix.cell = cell;
  return fix;
}

/** MCC and MNC in decimal (`0460`, `0001`), LAC and cell ID in hex. */
function readCell([mcc, mnc, lac, cid]: readonly (string | undefined)[]): CellTower | undefined {
  if (!mcc || !mnc || !lac || !cid) return undefined;
  if (!/^\d{3,4}$/.test(mcc) || !/^\d{1,4}$/.test(mnc)) return undefined;
  if (!/^[0-9A-Fa-f]{1,8}$/.test(lac) || !/^[0-9A-Fa-f]{1,8}$/.test(cid)) return undefined;
  const cell = {
    mcc: Number(mcc),
    mnc: Number(mnc),
    lac: parseInt(lac, 16),
    cid: parseInt(cid, 16),
  };
  return cell.mcc > 0 ? cell : undefined;
}

/** Optional numbers in the block: empty is "not reported"; anything else must be a number. */
function lenient(text: string | undefined): number | undefined {
  return optionalDecimal(text, 'Queclink GPS block');
}

/** Report types that are alarms (TRACGL300AN001 §3.3 "Event report" and the GV documents). */
const ALARMS: Record<string, Alarm> = {
  GTSOS: 'sos',
  GTSPD: 'overspeed',
  GTGEO: 'geofence',
  GTGES: 'geofence',
  GTMPF: 'powerCut', // main power disconnected
  GTBPL: 'lowBattery', // backup battery low
  GTHBM: 'other', // harsh braking, acceleration or turn
  GTCRA: 'other', // crash
  GTTOW: 'tamper', // towed without ignition
};

export function reportAlarm(type: string): Alarm | undefined {
  return ALARMS[type];
}

/** GTIGN/GTVGN: ignition on; GTIGF/GTVGF: off (real or virtual ignition). */
export function reportIgnition(type: string): boolean | undefined {
  if (type === 'GTIGN' || type === 'GTVGN') return true;
  if (type === 'GTIGF' || type === 'GTVGF') return false;
  return undefined;
}
