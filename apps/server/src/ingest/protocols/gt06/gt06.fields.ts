import type { ByteReader } from '../bytes';
import type { Alarm, CellTower, DeviceStatus } from '@waymark/domain';

/**
 * Field groups shared by several GT06 packets. Section numbers refer to the Concox
 * "GPS Tracker Communication Protocol" V3.1 (JM-VL02, GT800, ...), which keeps the GT06 layout.
 */

export interface GpsBlock {
  deviceTime: Date;
  timeValid: boolean;
  lat: number;
  lng: number;
  valid: boolean;
  /** Absent where the packet has no such field (0x95). */
  satellites?: number;
  speedKmh?: number;
  course: number;
  ignition?: boolean;
}

/**
 * §3.1 date/time: year-2000, month, day, hour, minute, second (UTC). NaN for a date that does
 * not exist: a tracker without a fix since boot sends zeros.
 */
export function readDateTime(r: ByteReader): number {
  const yy = r.u8();
  const mo = r.u8();
  const dd = r.u8();
  const hh = r.u8();
  const mi = r.u8();
  const ss = r.u8();
  if (mo < 1 || mo > 12 || dd < 1 || dd > daysIn(2000 + yy, mo)) return Number.NaN;
  if (hh > 23 || mi > 59 || ss > 59) return Number.NaN;
  return Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss);
}

/** Days of a month; Date.UTC would roll 31 February over into March instead. */
function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** §3.1 (i) Course & Status applied to unsigned coordinates: the fix's sign, course and flags. */
function placeFix(block: GpsBlock, latAbs: number, lngAbs: number, flags: number): GpsBlock {
  // Bit 10 north latitude, bit 11 west longitude, bit 12 positioned.
  block.lat = flags & 0x0400 ? latAbs : -latAbs;
  block.lng = flags & 0x0800 ? -lngAbs : lngAbs;
  block.valid = block.timeValid && (flags & 0x1000) !== 0;
  block.course = flags & 0x03ff;
  // Reserved in the Concox document; several firmwares put "ACC known" in bit 14 and ACC in
  // bit 15 (Traccar's Gt06ProtocolDecoder reads them the same way).
  if (flags & 0x4000) block.ignition = (flags & 0x8000) !== 0;
  return block;
}

/** §3.1: date/time (UTC), GPS info length + satellites, lat, lng, speed, course/status. */
export function readGps(r: ByteReader, now: Date): GpsBlock {
  const ms = readDateTime(r);
  const timeValid = !Number.isNaN(ms);
  const satellites = r.u8() & 0x0f;
  // Degrees × 30000 × 60 (minutes × 30000), so divide by 1 800 000.
  const latAbs = r.u32() / 1_800_000;
  const lngAbs = r.u32() / 1_800_000;
  const speedKmh = r.u8();
  const flags = r.u16();
  const block: GpsBlock = {
    deviceTime: timeValid ? new Date(ms) : now,
    timeValid,
    lat: 0,
    lng: 0,
    valid: false,
    satellites,
    speedKmh,
    course: 0,
  };
  return placeFix(block, latAbs, lngAbs, flags);
}

/**
 * The GPS blocks of the 0x95 alarm of dashboard cameras, as their field captures show them:
 * JC100 sends date/time, lat, lng and course/status, with neither satellites nor speed; JC400
 * sends date/time, satellites, lat, lng, course/status, then a 2-byte speed.
 */
export function readCameraGps(r: ByteReader, now: Date, jc400: boolean): GpsBlock {
  const ms = readDateTime(r);
  const timeValid = !Number.isNaN(ms);
  const satellites = jc400 ? r.u8() & 0x0f : undefined;
  const latAbs = r.u32() / 1_800_000;
  const lngAbs = r.u32() / 1_800_000;
  const block: GpsBlock = {
    deviceTime: timeValid ? new Date(ms) : now,
    timeValid,
    lat: 0,
    lng: 0,
    valid: false,
    course: 0,
  };
  placeFix(block, latAbs, lngAbs, r.u16());
  if (satellites !== undefined) block.satellites = satellites;
  if (jc400) block.speedKmh = r.u16();
  return block;
}

/** §3.1 MCC(2) MNC(1) LAC(2) Cell ID(3). A set MCC bit 15 announces a 2-byte MNC. */
export function readCell(r: ByteReader): CellTower {
  const mccRaw = r.u16();
  const mnc = mccRaw & 0x8000 ? r.u16() : r.u8();
  return { mcc: mccRaw & 0x7fff, mnc, lac: r.u16(), cid: r.u24() };
}

/**
 * 4G packets (0xA0, JM-VL03 protocol): MCC(2) MNC(1, or 2 with MCC bit 15) LAC(4) Cell ID(8),
 * wide enough for LTE tracking areas and cell identities.
 */
export function readCell4g(r: ByteReader): CellTower {
  const mccRaw = r.u16();
  const mnc = mccRaw & 0x8000 ? r.u16() : r.u8();
  return { mcc: mccRaw & 0x7fff, mnc, lac: r.u32(), cid: Number(r.u64()) };
}

/**
 * A cell block whose extent is known but whose field widths vary by firmware (alarm packets
 * say how long it is): 2G widths, a 4-byte cell ID when one byte is left over, 4G widths when
 * there is room for them. Undefined when the block is padding or too short for a cell.
 */
export function readCellRegion(region: Buffer): CellTower | undefined {
  if (region.length < 8) return undefined;
  const mccRaw = region.readUInt16BE(0);
  // No country has MCC 0: what is there is padding, not a cell.
  if ((mccRaw & 0x7fff) === 0) return undefined;
  const wideMnc = (mccRaw & 0x8000) !== 0;
  const mnc = wideMnc ? region.readUInt16BE(2) : region.readUInt8(2);
  const at = wideMnc ? 4 : 3;
  const rest = region.length - at;
  if (rest >= 12) {
    return {
      mcc: mccRaw & 0x7fff,
      mnc,
      lac: region.readUInt32BE(at),
      cid: Number(region.readBigUInt64BE(at + 4)),
    };
  }
  if (rest < 5) return undefined;
  const cidBytes = Math.min(rest - 2, 4);
  return {
    mcc: mccRaw & 0x7fff,
    mnc,
    lac: region.readUInt16BE(at),
    cid: region.readUIntBE(at + 2, cidBytes),
  };
}

export type StatusFields = Omit<DeviceStatus, 'serial' | 'time'>;

/** §6.1 (i) Terminal information byte. */
export function decodeTerminalInfo(info: number): StatusFields {
  const fields: StatusFields = {
    charging: (info & 0x04) !== 0,
    ignition: (info & 0x02) !== 0,
    attributes: {
      armed: (info & 0x01) !== 0,
      gpsTracking: (info & 0x40) !== 0,
      fuelCut: (info & 0x80) !== 0,
    },
  };
  const alarm = TERMINAL_ALARMS[(info >> 3) & 0x07];
  if (alarm) fields.alarm = alarm;
  return fields;
}

const TERMINAL_ALARMS: Record<number, Alarm> = {
  1: 'vibration',
  2: 'powerCut',
  3: 'lowBattery',
  4: 'sos',
};

/**
 * §2.1 voltage level 0 (no power) .. 6 (full), as a percentage for the battery badge. Later
 * firmwares (LW4G and others, seen in field captures) send the percentage itself in this byte.
 */
export function batteryFromLevel(level: number): number | undefined {
  if (level <= 6) return Math.round((level * 100) / 6);
  return level <= 100 ? level : undefined;
}

/** §6.1 (ii) Alarm/language byte 1. Codes without a Waymark equivalent become 'other'. */
export function decodeAlarmCode(code: number): Alarm | undefined {
  if (code === 0x00) return undefined;
  return ALARM_CODES[code] ?? 'other';
}

const ALARM_CODES: Record<number, Alarm> = {
  0x01: 'sos',
  0x02: 'powerCut',
  0x03: 'vibration',
  0x04: 'geofence',
  0x05: 'geofence',
  0x06: 'overspeed',
  0x09: 'vibration', // "moving alarm": displacement detected by the motion sensor
  0x0e: 'lowBattery',
  0x0f: 'lowBattery',
  0x13: 'tamper', // disassemble
  0x18: 'tamper', // open cover
  0x19: 'lowBattery', // internal battery
  0x32: 'tamper', // pull alarm
};

/**
 * §6.1: terminal info, voltage level, GSM signal, alarm/language: shared by 0x16/0x26/0x27/0x19
 * and the 4G alarm 0xA4.
 */
export function readStatusBlock(r: ByteReader): StatusFields {
  const fields = decodeTerminalInfo(r.u8());
  const level = r.u8();
  const battery = batteryFromLevel(level);
  if (battery !== undefined) fields.battery = battery;
  fields.gsmSignal = r.u8();
  const alarm = decodeAlarmCode(r.u8());
  r.u8(); // language
  if (alarm) fields.alarm = alarm;
  fields.attributes = { ...fields.attributes, batteryLevel: level };
  return fields;
}

/**
 * The short status block of 0x16 captures that carry no LBS length byte (VXT01-style units):
 * terminal info, external voltage (2 bytes, 10 mV), GSM signal, an alarm extension byte.
 */
export function readShortStatusBlock(r: ByteReader): StatusFields & { externalVoltage: number } {
  const fields = decodeTerminalInfo(r.u8());
  const externalVoltage = r.u16() / 100;
  fields.gsmSignal = r.u8();
  r.u8(); // alarm extension: not documented for these units; the terminal info bits say it
  return { ...fields, externalVoltage };
}
