import type { Alarm } from '@waymark/domain';
import { buildFrame } from './jt808.frame';
import type { Jt808Terminal } from './jt808.frame';
import { STATUS, bcdTime } from './jt808.fields';

/**
 * What a JT/T 808 terminal sends (the device side of jt808.decoder.ts), for the simulator and
 * round-trip tests. Pure: the caller owns the message serial number and passes it in.
 */

export interface Jt808Unit {
  /** The terminal phone number, its serial in Waymark: up to 12 digits before 2019, 20 in 2019. */
  phone: string;
  edition: '2011' | '2013' | '2019';
}

export interface Jt808Location {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  /** Degrees 0..359. */
  course: number;
  altitude: number;
  valid: boolean;
  ignition?: boolean;
  alarm?: Alarm;
  satellites?: number;
  /** 0..31, as item 0x30 carries it. */
  gsmSignal?: number;
  mileageKm?: number;
  fuelLitres?: number;
  /** Percent, vendor item 0xD4. */
  battery?: number;
}

/** The header fields of the unit's messages. */
export function jt808Terminal(unit: Jt808Unit): Jt808Terminal {
  const digits = unit.edition === '2019' ? 20 : 12;
  if (!/^\d+$/.test(unit.phone) || unit.phone.length > digits) {
    throw new Error(
      `JT808 ${unit.edition} phone must be 1 to ${digits} digits, got ${JSON.stringify(unit.phone)}`,
    );
  }
  return {
    edition2019: unit.edition === '2019',
    protocolVersion: unit.edition === '2019' ? 1 : 0,
    phone: Buffer.from(unit.phone.padStart(digits, '0'), 'hex'),
  };
}

/** §8.5 registration with the field widths of the unit's edition. */
export function encodeJt808Registration(
  unit: Jt808Unit,
  serialNo: number,
  info: { manufacturer: string; model: string; terminalId: string; plate?: string },
): Buffer {
  const widths = { '2011': [5, 8, 7], '2013': [5, 20, 7], '2019': [11, 30, 30] }[unit.edition];
  const field = (text: string, width: number) => {
    const b = Buffer.alloc(width);
    b.write(text.slice(0, width), 'latin1');
    return b;
  };
  const body = Buffer.concat([
    Buffer.from([0x00, 0x2c, 0x01, 0x2f]), // province and city (Guangdong, Shenzhen)
    field(info.manufacturer, widths[0]!),
    field(info.model, widths[1]!),
    field(info.terminalId, widths[2]!),
    Buffer.from([info.plate ? 0x01 : 0x00]),
    Buffer.from(info.plate ?? '', 'latin1'),
  ]);
  return buildFrame(jt808Terminal(unit), 0x0100, serialNo, body);
}

/** §8.7 authentication with the token of 0x8100 (2019 adds the IMEI and software version). */
export function encodeJt808Authentication(
  unit: Jt808Unit,
  serialNo: number,
  token: string,
  imei = '',
  firmware = '',
): Buffer {
  const tokenBytes = Buffer.from(token, 'latin1');
  const body =
    unit.edition === '2019'
      ? Buffer.concat([
          Buffer.from([tokenBytes.length]),
          tokenBytes,
          Buffer.from(imei.padEnd(15, '\0').slice(0, 15), 'latin1'),
          Buffer.from(firmware.padEnd(20, '\0').slice(0, 20), 'latin1'),
        ])
      : tokenBytes;
  return buildFrame(jt808Terminal(unit), 0x0102, serialNo, body);
}

export function encodeJt808Heartbeat(unit: Jt808Unit, serialNo: number): Buffer {
  return buildFrame(jt808Terminal(unit), 0x0002, serialNo, Buffer.alloc(0));
}

/** §8.18 location report 0x0200. */
export function encodeJt808Location(
  unit: Jt808Unit,
  location: Jt808Location,
  serialNo: number,
): Buffer {
  return buildFrame(jt808Terminal(unit), 0x0200, serialNo, locationBody(location));
}

/** §8.49 batch upload 0x0704; `reupload` marks locations kept while out of coverage. */
export function encodeJt808Batch(
  unit: Jt808Unit,
  locations: readonly Jt808Location[],
  serialNo: number,
  reupload = false,
): Buffer {
  const items = locations.map((l) => {
    const body = locationBody(l);
    return Buffer.concat([Buffer.from([body.length >> 8, body.length & 0xff]), body]);
  });
  const head = Buffer.from([locations.length >> 8, locations.length & 0xff, reupload ? 1 : 0]);
  return buildFrame(jt808Terminal(unit), 0x0704, serialNo, Buffer.concat([head, ...items]));
}

/** §8.1 the terminal's common response to a platform message (0 success, 1 failure, ...). */
export function encodeJt808TerminalResponse(
  unit: Jt808Unit,
  serialNo: number,
  to: { serialNo: number; messageId: number },
  result = 0,
): Buffer {
  const body = Buffer.from([
    to.serialNo >> 8,
    to.serialNo & 0xff,
    to.messageId >> 8,
    to.messageId & 0xff,
    result,
  ]);
  return buildFrame(jt808Terminal(unit), 0x0001, serialNo, body);
}

/** Inverse of jt808.fields.ts alarmFromFlags: one flag per Waymark alarm. */
const ALARM_FLAGS: Record<Alarm, number> = {
  sos: 1 << 0,
  overspeed: 1 << 1,
  lowBattery: 1 << 7,
  powerCut: 1 << 8,
  tamper: 1 << 17,
  geofence: 1 << 20,
  vibration: 1 << 28,
  other: 1 << 2, // fatigue driving
};

function locationBody(l: Jt808Location): Buffer {
  const b = Buffer.alloc(28);
  b.writeUInt32BE(l.alarm ? ALARM_FLAGS[l.alarm] >>> 0 : 0, 0);
  let status = 0;
  if (l.ignition) status |= STATUS.acc;
  if (l.valid) status |= STATUS.positioned;
  if (l.lat < 0) status |= STATUS.south;
  if (l.lng < 0) status |= STATUS.west;
  b.writeUInt32BE(status, 4);
  b.writeUInt32BE(Math.round(Math.abs(l.lat) * 1e6), 8);
  b.writeUInt32BE(Math.round(Math.abs(l.lng) * 1e6), 12);
  b.writeInt16BE(Math.max(-32768, Math.min(32767, Math.round(l.altitude))), 16);
  b.writeUInt16BE(Math.max(0, Math.min(0xffff, Math.round(l.speedKmh * 10))), 18);
  b.writeUInt16BE(Math.round(((l.course % 360) + 360) % 360) % 360, 20);
  bcdTime(l.time).copy(b, 22);
  const extras: Buffer[] = [];
  const item = (id: number, width: number, value: number) => {
    const e = Buffer.alloc(2 + width);
    e.writeUInt8(id, 0);
    e.writeUInt8(width, 1);
    e.writeUIntBE(Math.max(0, Math.min(2 ** (8 * width) - 1, Math.round(value))), 2, width);
    extras.push(e);
  };
  if (l.mileageKm !== undefined) item(0x01, 4, l.mileageKm * 10);
  if (l.fuelLitres !== undefined) item(0x02, 2, l.fuelLitres * 10);
  if (l.gsmSignal !== undefined) item(0x30, 1, l.gsmSignal);
  if (l.satellites !== undefined) item(0x31, 1, l.satellites);
  if (l.battery !== undefined) item(0xd4, 1, l.battery);
  return Buffer.concat([b, ...extras]);
}
