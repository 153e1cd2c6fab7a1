import type { Alarm, CellTower, RawPosition } from '@waymark/domain';
import {
  course,
  decimal,
  hhmmssDdmmyy,
  latitude,
  longitude,
  optionalDecimal,
  percent,
  speed,
} from '../ascii-fields';

/**
 * The position block of UD / UD2 / UD_LTE / AL / WT content ("3G watch communication protocol",
 * appendix "location data"): date DDMMYY, time HHMMSS (UTC), A/V, latitude and longitude in
 * decimal degrees each with its hemisphere, speed km/h, course, altitude m, satellites, GSM
 * signal, battery %, steps, tumbles, terminal status (8 hex digits), then the cells
 * (count, timing advance, MCC, MNC, count × LAC/CID/signal) and Wi-Fi access points.
 */
export type WatchFix = Omit<RawPosition, 'serial'>;
/** What the block says besides the coordinates; a report without a fix still carries it. */
export type WatchState = Pick<
  RawPosition,
  'battery' | 'gsmSignal' | 'alarm' | 'cell' | 'attributes'
>;

export function readWatchFix(
  fields: readonly string[],
  now: Date,
  state: WatchState,
): WatchFix | undefined {
  const [date = '', time = '', validity = '', lat = '', ns = '', lng = '', ew = ''] = fields.map(
    (f) => f.trim(),
  );
  // Without a hemisphere letter the sign of an unsigned coordinate is unknown: no position.
  if (!lat || !lng || !/^[NS]$/i.test(ns) || !/^[EW]$/i.test(ew)) return undefined;
  const latValue = latitude(hemisphere(decimal(lat, 'Watch latitude'), ns), 'Watch latitude');
  const lngValue = longitude(hemisphere(decimal(lng, 'Watch longitude'), ew), 'Watch longitude');
  // A watch without a fix sends 0,0 with its cells and Wi-Fi for the server to look up.
  if (latValue === 0 && lngValue === 0) return undefined;
  const deviceTime = hhmmssDdmmyy(time, date);
  const fix: WatchFix = {
    ...state,
    deviceTime: deviceTime ?? now,
    lat: latValue,
    lng: lngValue,
    valid: validity === 'A',
    fix: 'gps',
    speed: speed(optionalDecimal(fields[7], 'Watch speed') ?? 0, 'Watch speed'),
    speedUnit: 'kmh',
    course: course(optionalDecimal(fields[8], 'Watch course') ?? 0, 'Watch course'),
  };
  // Altitude -1 means "not known" on these firmwares.
  const altitude = optionalDecimal(fields[9], 'Watch altitude');
  if (altitude !== undefined && altitude !== -1) fix.altitude = altitude;
  const satellites = optionalDecimal(fields[10], 'Watch satellites');
  if (satellites !== undefined && Number.isInteger(satellites) && satellites >= 0) {
    fix.satellites = satellites;
  }
  if (!deviceTime) fix.attributes = { ...fix.attributes, timeInvalid: true };
  return fix;
}

/** Signal, battery, steps, terminal status and the serving cell of a position block. */
export function readWatchState(fields: readonly string[], isAlarm: boolean): WatchState {
  const state: WatchState = {};
  const attributes: Record<string, number | boolean> = {};
  const gsm = optionalDecimal(fields[11], 'Watch GSM signal');
  if (gsm !== undefined) state.gsmSignal = gsm;
  const battery = percent(optionalDecimal(fields[12], 'Watch battery'));
  if (battery !== undefined) state.battery = battery;
  const steps = optionalDecimal(fields[13], 'Watch steps');
  if (steps !== undefined) attributes.steps = steps;
  const status = fields[15]?.trim() ?? '';
  const decoded = decodeWatchStatus(
    /^[0-9A-Fa-f]{1,8}$/.test(status) ? parseInt(status, 16) : 0,
    isAlarm,
  );
  if (decoded.alarm) state.alarm = decoded.alarm;
  Object.assign(attributes, decoded.attributes);
  const cell = firstCell(fields.slice(16));
  if (cell) state.cell = cell;
  if (Object.keys(attributes).length > 0) state.attributes = attributes;
  return state;
}

/** A signed value with its hemisphere: S and W make it negative, N and E leave it as sent. */
function hemisphere(value: number, letter: string): number {
  return /^[SW]$/i.test(letter) ? -Math.abs(value) : value;
}

/**
 * Terminal status: the low 16 bits are states (bit 0 low battery, 1 outside a fence, 2 inside
 * one, 4 stationary), the high 16 bits alarms (16 SOS, 17 low battery, 18 left a fence,
 * 19 entered one, 20 watch taken off, 21 fall). States become alarms only in an AL report, so
 * a watch low on battery does not raise an alarm with every position.
 */
export function decodeWatchStatus(
  status: number,
  isAlarm: boolean,
): { alarm?: Alarm; attributes: Record<string, boolean> } {
  const bit = (n: number) => ((status >>> n) & 1) === 1;
  const attributes: Record<string, boolean> = {};
  if (bit(0)) attributes.lowBatteryState = true;
  if (bit(4)) attributes.stationary = true;
  let alarm: Alarm | undefined;
  if (bit(16)) alarm = 'sos';
  else if (bit(17)) alarm = 'lowBattery';
  else if (bit(18) || bit(19)) alarm = 'geofence';
  else if (bit(20)) alarm = 'tamper';
  else if (bit(21)) alarm = 'other';
  else if (isAlarm) alarm = bit(0) ? 'lowBattery' : bit(1) || bit(2) ? 'geofence' : 'other';
  return alarm ? { alarm, attributes } : { attributes };
}

/** The serving cell: `count,timing advance,MCC,MNC,LAC,CID,signal,...` (decimal). */
function firstCell(fields: readonly string[]): CellTower | undefined {
  const [count, , mcc, mnc, lac, cid] = fields.map((f) => f.trim());
  const numbers = [count, mcc, mnc, lac, cid].map((f) =>
    f && /^\d{1,10}$/.test(f) ? Number(f) : NaN,
  );
  if (!numbers.every(Number.isFinite) || numbers[0] === 0) return undefined;
  const [, m, n, l, c] = numbers as [number, number, number, number, number];
  return { mcc: m, mnc: n, lac: l, cid: c };
}

/** `LK,steps,tumbles,battery` */
export function readLink(fields: readonly string[]): { battery?: number; steps?: number } {
  const [steps, , battery] = fields.map((f) => f.trim());
  const result: { battery?: number; steps?: number } = {};
  if (steps && /^\d{1,9}$/.test(steps)) result.steps = Number(steps);
  if (battery && /^\d{1,3}$/.test(battery)) result.battery = percent(Number(battery));
  return result;
}

/** Health readings some watches send: heart rate (PULSE, heart, bphrt), blood pressure, temperature. */
export function readHealth(type: string, fields: readonly string[]): Record<string, number> {
  const values = fields.map((f) => f.trim());
  const n = (text: string | undefined) =>
    text && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
  const out: Record<string, number | undefined> = {};
  const t = type.toUpperCase();
  if (t === 'PULSE' || t === 'HEART') out.heartRate = n(values[0]);
  if (t === 'BPHRT' || t === 'BLOOD') {
    out.pressureHigh = n(values[0]);
    out.pressureLow = n(values[1]);
    out.heartRate = n(values[2]);
  }
  if (t === 'BTEMP2' && values[0] !== '0') out.bodyTemperature = n(values[1]);
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Record<
    string,
    number
  >;
}
