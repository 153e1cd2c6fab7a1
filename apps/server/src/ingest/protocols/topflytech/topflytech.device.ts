import { buildTopflytechPacket, imeiToBcd } from './topflytech.frame';

/**
 * What a T8803 / T8806 unit (header 0x2323) sends, for the simulator and round-trip tests: the
 * login, the heartbeat and a GPS report (0x02, or an alarm 0x04 with its code) in the layout
 * topflytech.position.ts reads. Pure.
 */
export interface TopflytechLocation {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  satellites: number;
  ignition: boolean;
  /** Percent; the unit sends 0 for "full". */
  battery: number;
  /** Metres. */
  odometer?: number;
  /** The document's alarm code (3 SOS, 2 low battery, ...); 0 for none. */
  alarmCode?: number;
}

const HEADER = 0x2323;
const LOGIN = 0x01;
const GPS = 0x02;
const HEARTBEAT = 0x03;
const ALARM = 0x04;

/** Login: software version (2), hardware and firmware versions (4): the document's example. */
export function encodeTopflytechLogin(imei: string, serialNo: number): Buffer {
  return buildTopflytechPacket(
    HEADER,
    LOGIN,
    serialNo,
    imeiToBcd(imei),
    Buffer.from('140197625020', 'hex'),
  );
}

export function encodeTopflytechHeartbeat(imei: string, serialNo: number): Buffer {
  return buildTopflytechPacket(HEADER, HEARTBEAT, serialNo, imeiToBcd(imei));
}

/** 51 bytes, as the T8803's reports (the 0x2525 units add 2 bytes of external power). */
export function encodeTopflytechLocation(
  imei: string,
  serialNo: number,
  l: TopflytechLocation,
): Buffer {
  const body = Buffer.alloc(51);
  let at = 0;
  at = body.writeUInt16BE(60, at); // ACC on interval, s
  at = body.writeUInt16BE(900, at); // ACC off interval, s
  at = body.writeUInt8(35, at); // angle compensation
  at = body.writeUInt16BE(2000, at); // distance compensation
  at = body.writeUInt16BE(0x001f, at); // GSM signal
  const satellites = Math.max(0, Math.min(31, l.satellites));
  at = body.writeUInt8(0x40 | (l.satellites > 0 ? 0 : 0x80) | satellites, at); // fix follows
  at += 4; // G-sensor, other flags, heartbeat, relay
  at += 2; // drag alarm setting
  at = body.writeUInt16BE(l.ignition ? 0x4000 : 0, at);
  at = bcdInto(body, at, 0xffff, 2); // analog input 1: not wired
  at = bcdInto(body, at, 0xffff, 2); // analog input 2
  at = body.writeUInt8(l.alarmCode ?? 0, at);
  at += 1; // reserved
  at = body.writeUInt32BE(Math.round(l.odometer ?? 0), at);
  at = bcdInto(body, at, Math.round(l.battery) >= 100 ? 0 : Math.round(l.battery), 1);
  at = bcdTime(body, at, l.time);
  at = body.writeFloatLE(l.altitude, at);
  at = body.writeFloatLE(l.lng, at);
  at = body.writeFloatLE(l.lat, at);
  at = bcdInto(body, at, Math.min(9999, Math.round(l.speedKmh * 10)), 2);
  body.writeUInt16BE(Math.round(((l.course % 360) + 360) % 360), at);
  const type = l.alarmCode ? ALARM : GPS;
  return buildTopflytechPacket(HEADER, type, serialNo, imeiToBcd(imei), body);
}

/** `value` as decimal digits in BCD over `bytes` bytes; 0xFFFF writes "not measured". */
function bcdInto(out: Buffer, at: number, value: number, bytes: number): number {
  const hex = value === 0xffff ? 'ffff' : String(value).padStart(bytes * 2, '0');
  out.write(hex.slice(-bytes * 2), at, 'hex');
  return at + bytes;
}

function bcdTime(out: Buffer, at: number, time: Date): number {
  const iso = time.toISOString();
  const digits = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
  out.write(digits, at, 'hex');
  return at + 6;
}
