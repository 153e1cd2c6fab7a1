import type { Alarm, CellTower } from '@waymark/domain';
import { buildFrame } from './gt06.frame';

/**
 * What a Concox GT06 tracker sends (the device side of gt06.decoder.ts), for the simulator and
 * round-trip tests. Section numbers refer to the Concox "GPS Tracker Communication Protocol"
 * V3.1. Pure: the caller owns the information serial number and passes it in.
 */

export interface Gt06Location {
  time: Date;
  lat: number;
  lng: number;
  /** The packet holds whole km/h, 0..255. */
  speedKmh: number;
  /** Degrees 0..359. */
  course: number;
  satellites: number;
  /** "GPS positioned" bit; a tracker without a fix repeats its last position with it cleared. */
  valid: boolean;
  ignition?: boolean;
  cell?: CellTower;
}

export interface Gt06Status {
  /** Percent 0..100, sent as the 0..6 voltage level of §2.1. */
  battery: number;
  charging: boolean;
  ignition: boolean;
  /** §2.1 GSM signal strength 0 (none) .. 4 (strong). */
  gsmSignal: number;
}

/** A US cell (AT&T's MCC/MNC) for trackers that do not model their own tower. */
const DEFAULT_CELL: CellTower = { mcc: 310, mnc: 410, lac: 0x2a1c, cid: 0x0d3f21 };
const ENGLISH = 0x02;

/** §1: the serial number counts up from 1 per connection and wraps at 16 bits. */
export function nextGt06SerialNo(serialNo: number): number {
  return (serialNo + 1) & 0xffff;
}

/** §1.1 login: the IMEI as 8 BCD bytes, left-padded with a zero nibble. */
export function encodeGt06Login(imei: string, serialNo: number): Buffer {
  if (!/^\d{15,16}$/.test(imei)) {
    throw new Error(`GT06 IMEI must be 15 or 16 digits, got ${JSON.stringify(imei)}`);
  }
  return buildFrame(0x01, Buffer.from(imei.padStart(16, '0'), 'hex'), serialNo);
}

/**
 * §3.1 location: 0x22 (current firmware, adds ACC/upload mode/re-upload after the cell) or 0x12
 * (original GT06, GPS + cell only). The server does not answer either.
 */
export function encodeGt06Location(
  location: Gt06Location,
  serialNo: number,
  protocol: 0x22 | 0x12 = 0x22,
): Buffer {
  const cell = cellBytes(location.cell ?? DEFAULT_CELL);
  const parts = [gpsBytes(location), cell];
  // ACC, upload mode 0x00 ("upload by time interval"), real-time (not re-uploaded).
  if (protocol === 0x22) parts.push(Buffer.from([location.ignition ? 1 : 0, 0x00, 0x00]));
  return buildFrame(protocol, Buffer.concat(parts), serialNo);
}

/**
 * 0xA0 (JM-VL03 protocol: GK310, VL103 and most current Concox units): the 0x22 layout with a
 * 4G cell, LAC in 4 bytes and cell ID in 8. The server does not answer it.
 */
export function encodeGt06Location4g(location: Gt06Location, serialNo: number): Buffer {
  const cell = location.cell ?? DEFAULT_CELL;
  const wideMnc = cell.mnc > 0xff;
  const cellBytes = Buffer.alloc(wideMnc ? 16 : 15);
  cellBytes.writeUInt16BE(cell.mcc | (wideMnc ? 0x8000 : 0), 0);
  let at = 2;
  if (wideMnc) {
    cellBytes.writeUInt16BE(cell.mnc, at);
    at += 2;
  } else {
    cellBytes.writeUInt8(cell.mnc, at++);
  }
  cellBytes.writeUInt32BE(cell.lac, at);
  cellBytes.writeBigUInt64BE(BigInt(cell.cid), at + 4);
  const tail = Buffer.from([location.ignition ? 1 : 0, 0x00, 0x00]);
  return buildFrame(0xa0, Buffer.concat([gpsBytes(location), cellBytes, tail]), serialNo);
}

/** 0x94 type 0x00: the external power voltage in 10 mV (0 when nothing powers the unit). */
export function encodeGt06ExternalVoltage(volts: number, serialNo: number): Buffer {
  const content = Buffer.alloc(3);
  content.writeUInt16BE(Math.round(Math.min(655, Math.max(0, volts)) * 100), 1);
  return buildFrame(0x94, content, serialNo, true);
}

/** 0x94 type 0x0A: IMEI, IMSI and ICCID, each in BCD, odd digit counts padded with F. */
export function encodeGt06Iccid(
  ids: { imei: string; imsi: string; iccid: string },
  serialNo: number,
): Buffer {
  const bcd = (digits: string, bytes: number, pad: 'start' | 'end') => {
    const nibbles =
      pad === 'start' ? digits.padStart(bytes * 2, '0') : digits.padEnd(bytes * 2, 'f');
    return Buffer.from(nibbles, 'hex');
  };
  const content = Buffer.concat([
    Buffer.from([0x0a]),
    bcd(ids.imei, 8, 'start'),
    bcd(ids.imsi, 8, 'start'),
    bcd(ids.iccid, 10, 'end'),
  ]);
  return buildFrame(0x94, content, serialNo, true);
}

/** §2.1 heartbeat 0x13: terminal info, voltage level, GSM signal, language (2). */
export function encodeGt06Heartbeat(status: Gt06Status, serialNo: number): Buffer {
  const content = Buffer.from([
    terminalInfo(status),
    gt06BatteryLevel(status.battery),
    clampByte(status.gsmSignal, 4),
    0x00,
    ENGLISH,
  ]);
  return buildFrame(0x13, content, serialNo);
}

/**
 * §6.1 alarm 0x26 (0x16 on the original GT06): the GPS block, the cell with its own length byte,
 * then terminal info, voltage level, GSM signal, alarm code and language. The server acks it.
 */
export function encodeGt06Alarm(
  location: Gt06Location,
  status: Gt06Status & { alarm: Alarm },
  serialNo: number,
  protocol: 0x26 | 0x16 = 0x26,
): Buffer {
  const cell = cellBytes(location.cell ?? DEFAULT_CELL);
  const content = Buffer.concat([
    gpsBytes(location),
    // 9: the Concox example counts 8 cell bytes plus this byte; a 2-byte MNC fills it exactly.
    Buffer.from([9]),
    cell,
    Buffer.from([
      terminalInfo(status),
      gt06BatteryLevel(status.battery),
      clampByte(status.gsmSignal, 4),
      ALARM_CODES[status.alarm],
      ENGLISH,
    ]),
  ]);
  return buildFrame(protocol, content, serialNo);
}

/** §2.1 voltage level 0..6 nearest to a battery percentage. */
export function gt06BatteryLevel(percent: number): number {
  return Math.round((Math.min(100, Math.max(0, percent)) * 6) / 100);
}

/** Inverse of gt06.fields.ts decodeAlarmCode: one code per Waymark alarm. */
const ALARM_CODES: Record<Alarm, number> = {
  sos: 0x01,
  powerCut: 0x02,
  vibration: 0x03,
  geofence: 0x04,
  overspeed: 0x06,
  lowBattery: 0x0e,
  tamper: 0x13,
  // Any code the decoder does not know becomes 'other'; 0xFE is unused by the document.
  other: 0xfe,
};

/** §3.1 date/time, satellites, lat, lng, speed, course/status. */
function gpsBytes(l: Gt06Location): Buffer {
  const b = Buffer.alloc(18);
  const t = l.time;
  b.writeUInt8(t.getUTCFullYear() - 2000, 0);
  b.writeUInt8(t.getUTCMonth() + 1, 1);
  b.writeUInt8(t.getUTCDate(), 2);
  b.writeUInt8(t.getUTCHours(), 3);
  b.writeUInt8(t.getUTCMinutes(), 4);
  b.writeUInt8(t.getUTCSeconds(), 5);
  // High nibble: length of the GPS information (12 bytes); low nibble: satellites in use.
  b.writeUInt8(0xc0 | clampByte(l.satellites, 15), 6);
  b.writeUInt32BE(Math.round(Math.abs(l.lat) * 1_800_000), 7);
  b.writeUInt32BE(Math.round(Math.abs(l.lng) * 1_800_000), 11);
  b.writeUInt8(clampByte(l.speedKmh, 255), 15);
  let flags = Math.round(((l.course % 360) + 360) % 360) % 360;
  if (l.lat >= 0) flags |= 0x0400;
  if (l.lng < 0) flags |= 0x0800;
  if (l.valid) flags |= 0x1000;
  // Bits 14/15 "ACC known"/ACC, as the firmwares the decoder follows use them.
  if (l.ignition !== undefined) flags |= 0x4000 | (l.ignition ? 0x8000 : 0);
  b.writeUInt16BE(flags, 16);
  return b;
}

/** §3.1 MCC(2) MNC(1, or 2 with MCC bit 15 set) LAC(2) Cell ID(3). */
function cellBytes(cell: CellTower): Buffer {
  const wideMnc = cell.mnc > 0xff;
  const b = Buffer.alloc(wideMnc ? 9 : 8);
  b.writeUInt16BE(cell.mcc | (wideMnc ? 0x8000 : 0), 0);
  let at = 2;
  if (wideMnc) {
    b.writeUInt16BE(cell.mnc, at);
    at += 2;
  } else {
    b.writeUInt8(cell.mnc, at++);
  }
  b.writeUInt16BE(cell.lac, at);
  b.writeUIntBE(cell.cid, at + 2, 3);
  return b;
}

/** §6.1 (i): bit 1 ACC, bit 2 charging, bit 6 GPS tracking on. Alarm bits stay 0: the code says it. */
function terminalInfo(s: Pick<Gt06Status, 'ignition' | 'charging'>): number {
  return (s.ignition ? 0x02 : 0) | (s.charging ? 0x04 : 0) | 0x40;
}

function clampByte(value: number, max: number): number {
  return Math.min(max, Math.max(0, Math.round(value)));
}
