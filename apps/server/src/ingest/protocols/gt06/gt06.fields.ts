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
  satellites: number;
  speedKmh: number;
  course: number;
  ignition?: boolean;
}

/** §3.1: date/time (UTC), GPS info length + satellites, lat, lng, speed, course/status. */
export function readGps(r: ByteReader, now: Date): GpsBlock {
  const [yy, mo, dd, hh, mi, ss] = [r.u8(), r.u8(), r.u8(), r.u8(), r.u8(), r.u8()];
  const time = new Date(Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss));
  // A tracker without a fix since boot sends zeroed dates; keep the fix but mark it invalid.
  const timeValid = mo >= 1 && mo <= 12 && dd >= 1 && dd <= 31 && hh < 24 && mi < 60 && ss < 60;
  const satellites = r.u8() & 0x0f;
  // Degrees × 30000 × 60 (minutes × 30000), so divide by 1 800 000.
  const latAbs = r.u32() / 1_800_000;
  const lngAbs = r.u32() / 1_800_000;
  const speedKmh = r.u8();
  const flags = r.u16();
  // §3.1 (i) Course & Status: bit 10 north latitude, bit 11 west longitude, bit 12 positioned.
  const north = (flags & 0x0400) !== 0;
  const west = (flags & 0x0800) !== 0;
  const block: GpsBlock = {
    deviceTime: timeValid ? time : now,
    timeValid,
    lat: north ? latAbs : -latAbs,
    lng: west ? -lngAbs : lngAbs,
    valid: timeValid && (flags & 0x1000) !== 0,
    satellites,
    speedKmh,
    course: flags & 0x03ff,
  };
  // Reserved in the Concox document; several firmwares put "ACC known" in bit 14 and ACC in
  // bit 15 (Traccar's Gt06ProtocolDecoder reads them the same way).
  if (flags & 0x4000) block.ignition = (flags & 0x8000) !== 0;
  return block;
}

/** §3.1 MCC(2) MNC(1) LAC(2) Cell ID(3). A set MCC bit 15 announces a 2-byte MNC. */
export function readCell(r: ByteReader): CellTower {
  const mccRaw = r.u16();
  const mnc = mccRaw & 0x8000 ? r.u16() : r.u8();
  return { mcc: mccRaw & 0x7fff, mnc, lac: r.u16(), cid: r.u24() };
}

/** §6.1: the alarm packet's LBS block starts with its own length, which firmwares fill differently. */
export function readCellWithLength(r: ByteReader): CellTower | undefined {
  const length = r.u8();
  if (length === 0) return undefined;
  const cell = readCell(r);
  // Some firmwares count the length byte (9), others do not (8); anything longer is padding.
  if (length > 9) r.skip(length - 9);
  return cell;
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

/** §2.1 voltage level 0 (no power) .. 6 (full), as a percentage for the battery badge. */
export function batteryFromLevel(level: number): number | undefined {
  return level <= 6 ? Math.round((level * 100) / 6) : undefined;
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

/** §6.1: terminal info, voltage level, GSM signal, alarm/language: shared by 0x16/0x26/0x27/0x19. */
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
