import type { Alarm, CellTower, RawPosition } from '@waymark/domain';
import { ByteReader } from '../bytes';
import {
  compactTime,
  course,
  decimal,
  latitude,
  longitude,
  optionalDecimal,
  speed,
} from '../ascii-fields';
import { ProtocolError } from '../types';

/**
 * The two position formats of the Meitrack GPRS protocol:
 * - AAA (text): `<event code>,<latitude>,<longitude>,<yymmddHHMMSS>,<A|V>,<satellites>,<GSM
 *   signal>,<speed km/h>,<direction>,<HDOP>,<altitude>,<mileage m>,<run time s>,<MCC|MNC|LAC|CI>,
 *   <I/O status>,<analog inputs>,...`, time in UTC;
 * - CCE (binary, the cached-data report of the T3xx/MT90 units): per record, four groups of
 *   parameters by value size (1, 2, 4 bytes, then sized), each `<count>` then `<id><value>`.
 */
export type MeitrackFix = Omit<RawPosition, 'serial'>;

/** Event codes of the protocol's event table that Waymark has an alarm for. */
const EVENT_ALARMS: Record<number, Alarm> = {
  1: 'sos', // input 1 active: the SOS button
  17: 'lowBattery', // backup battery low
  18: 'lowBattery', // external battery low
  19: 'overspeed',
  20: 'geofence', // enter
  21: 'geofence', // exit
  23: 'powerCut', // external power cut
  36: 'tamper', // towed
  58: 'tamper', // vehicle theft
  129: 'other', // harsh braking
  130: 'other', // harsh acceleration
};

export function eventAlarm(event: number): Alarm | undefined {
  return EVENT_ALARMS[event];
}

export function readAaa(fields: readonly string[], now: Date): MeitrackFix {
  const [
    event,
    lat,
    lng,
    time,
    validity,
    satellites,
    gsm,
    kmh,
    heading,
    hdop,
    altitude,
    mileage,
    runtime,
    cell,
  ] = fields.map((f) => f.trim());
  const deviceTime = compactTime(time ?? '');
  const eventCode = optionalDecimal(event, 'Meitrack event code');
  const fix: MeitrackFix = {
    deviceTime: deviceTime ?? now,
    lat: latitude(decimal(lat, 'Meitrack latitude'), 'Meitrack latitude'),
    lng: longitude(decimal(lng, 'Meitrack longitude'), 'Meitrack longitude'),
    valid: validity === 'A',
    fix: 'gps',
    speed: speed(optionalDecimal(kmh, 'Meitrack speed') ?? 0, 'Meitrack speed'),
    speedUnit: 'kmh',
    attributes: {},
  };
  const c = course(optionalDecimal(heading, 'Meitrack direction'), 'Meitrack direction');
  if (c !== undefined) fix.course = c;
  const alt = optionalDecimal(altitude, 'Meitrack altitude');
  if (alt !== undefined) fix.altitude = alt;
  const sats = optionalDecimal(satellites, 'Meitrack satellites');
  if (sats !== undefined && Number.isInteger(sats) && sats >= 0) fix.satellites = sats;
  const signal = optionalDecimal(gsm, 'Meitrack GSM signal');
  if (signal !== undefined) fix.gsmSignal = signal;
  const attributes = fix.attributes!;
  if (eventCode !== undefined) attributes.event = eventCode;
  const h = optionalDecimal(hdop, 'Meitrack HDOP');
  if (h !== undefined) attributes.hdop = h;
  const m = optionalDecimal(mileage, 'Meitrack mileage');
  if (m !== undefined) attributes.mileage = m;
  const r = optionalDecimal(runtime, 'Meitrack run time');
  if (r !== undefined) attributes.runtime = r;
  if (!deviceTime) attributes.timeInvalid = true;
  const tower = readCell(cell);
  if (tower) fix.cell = tower;
  const alarm = eventCode === undefined ? undefined : eventAlarm(eventCode);
  if (alarm) fix.alarm = alarm;
  return fix;
}

/** `MCC|MNC|LAC|CI`, LAC and CI in hex; firmwares leave parts empty, then there is no cell. */
function readCell(text: string | undefined): CellTower | undefined {
  const [mcc, mnc, lac, cid] = (text ?? '').split('|');
  if (!mcc || !mnc || !lac || !cid) return undefined;
  if (!/^\d{1,3}$/.test(mcc) || !/^\d{1,3}$/.test(mnc)) return undefined;
  if (!/^[0-9A-Fa-f]{1,8}$/.test(lac) || !/^[0-9A-Fa-f]{1,8}$/.test(cid)) return undefined;
  const tower = {
    mcc: Number(mcc),
    mnc: Number(mnc),
    lac: parseInt(lac, 16),
    cid: parseInt(cid, 16),
  };
  return tower.mcc > 0 ? tower : undefined;
}

/** Seconds from 1970 to 2000-01-01, the epoch of CCE times. */
const EPOCH_2000 = 946_684_800;

/**
 * CCE data: remaining cached records (4 bytes), record count (2), then per record its length
 * (2), parameter count (2) and the four groups. Ids 0xFE.. are two-byte extension ids.
 * Little-endian throughout.
 */
export function readCce(data: Buffer): { fixes: MeitrackFix[]; remaining: number } {
  const r = new LittleEndian(data);
  const remaining = r.u32();
  const count = r.u16();
  const fixes: MeitrackFix[] = [];
  for (let i = 0; i < count; i++) {
    const length = r.u16();
    const recordEnd = r.offset + length;
    if (recordEnd > data.length) {
      throw new ProtocolError(`Meitrack CCE record of ${length} bytes runs past the data`);
    }
    r.u16(); // parameter count: the four group counts say the same
    const values = new Map<number, number>();
    for (const size of [1, 2, 4] as const) {
      const n = r.u8();
      for (let j = 0; j < n; j++) {
        const id = r.id();
        values.set(id, size === 1 ? r.u8() : size === 2 ? r.u16() : r.u32());
      }
    }
    const sized = r.u8();
    for (let j = 0; j < sized; j++) {
      r.id();
      r.skip(r.u8());
    }
    if (r.offset !== recordEnd) {
      throw new ProtocolError(
        `Meitrack CCE record says ${length} bytes but its parameters end elsewhere`,
      );
    }
    const fix = cceFix(values);
    if (fix) fixes.push(fix);
  }
  return { fixes, remaining };
}

/** Parameter ids of the CCE table: 0x02 latitude, 0x03 longitude, 0x04 time, 0x05 valid, ... */
function cceFix(v: Map<number, number>): MeitrackFix | undefined {
  const lat = v.get(0x02);
  const lng = v.get(0x03);
  const time = v.get(0x04);
  if (lat === undefined || lng === undefined || time === undefined) return undefined;
  const signed = (n: number) => (n | 0) / 1_000_000;
  const fix: MeitrackFix = {
    deviceTime: new Date((EPOCH_2000 + time) * 1000),
    lat: latitude(signed(lat), 'Meitrack CCE latitude'),
    lng: longitude(signed(lng), 'Meitrack CCE longitude'),
    valid: (v.get(0x05) ?? 0) > 0,
    fix: 'gps',
    speed: v.get(0x08) ?? 0,
    speedUnit: 'kmh',
    attributes: {},
  };
  const heading = v.get(0x09);
  if (heading !== undefined) fix.course = course(heading, 'Meitrack CCE direction');
  const altitude = v.get(0x0b);
  if (altitude !== undefined) fix.altitude = (altitude << 16) >> 16; // signed 16 bits
  const satellites = v.get(0x06);
  if (satellites !== undefined) fix.satellites = satellites;
  const gsm = v.get(0x07);
  if (gsm !== undefined) fix.gsmSignal = gsm;
  const battery = v.get(0xfe69);
  if (battery !== undefined && battery <= 100) fix.battery = battery;
  const volts = v.get(0x19);
  if (volts !== undefined) fix.batteryVoltage = volts / 100;
  const event = v.get(0x01);
  if (event !== undefined) {
    fix.attributes!.event = event;
    const alarm = eventAlarm(event);
    if (alarm) fix.alarm = alarm;
  }
  const mileage = v.get(0x0c);
  if (mileage !== undefined) fix.attributes!.mileage = mileage;
  const hdop = v.get(0x0a);
  if (hdop !== undefined) fix.attributes!.hdop = hdop / 10;
  return fix;
}

/** Bounds-checked little-endian reads (ByteReader is big-endian), errors as ProtocolError. */
class LittleEndian {
  private readonly reader: ByteReader;
  constructor(buf: Buffer) {
    this.reader = new ByteReader(buf, 'Meitrack CCE');
  }
  get offset(): number {
    return this.reader.offset;
  }
  u8(): number {
    return this.reader.u8();
  }
  u16(): number {
    return this.reader.bytes(2).readUInt16LE(0);
  }
  u32(): number {
    return this.reader.bytes(4).readUInt32LE(0);
  }
  skip(n: number): void {
    this.reader.skip(n);
  }
  /** A parameter id: one byte, or 0xFE and a second byte. */
  id(): number {
    const first = this.u8();
    return first === 0xfe ? 0xfe00 | this.u8() : first;
  }
}
