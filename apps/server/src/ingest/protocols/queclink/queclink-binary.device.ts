import type { QueclinkLocation } from './queclink.device';

/**
 * What a Queclink unit sends in HEX mode (the device side of queclink-binary.decoder.ts), for
 * the simulator and round-trip tests: +RSP GTFRI, +RSP GTSOS and +HBD, laid out as the GB100
 * captures of queclink-binary.fixtures.ts (device type 0x45, mask 00FC1FBF: speed, azimuth,
 * altitude, cell, send time, count, length, device type, versions, power). Pure: the caller owns
 * the count number. The checksum is sent as 0000: no algorithm is published and the server
 * does not check it.
 */
const DEVICE_TYPE = 0x45;
const PROTOCOL_VERSION = 0x0102;
const FIRMWARE = 0x0209;
const RSP_MASK = 0x00fc1fbf;
/** Speed, azimuth, altitude, device type, versions, IMEI (not the name), send time, count. */
const HBD_MASK = 0xef;
const FRI = 7;
const SOS = 10;
/** Mileage, hour meter and the other fields of mask bits 18-23, sent as zeros when off. */
const TRAILER = Buffer.alloc(18);

/** `+RSP` GTFRI with one point. */
export function encodeQueclinkBinaryFri(imei: string, l: QueclinkLocation, count: number): Buffer {
  return report(FRI, imei, l, count);
}

/** `+RSP` GTSOS: the same layout, message type 10. */
export function encodeQueclinkBinarySos(imei: string, l: QueclinkLocation, count: number): Buffer {
  return report(SOS, imei, l, count);
}

/** `+HBD`; the server answers `+SACK:GTHBD,450102,<count>$`. */
export function encodeQueclinkBinaryHeartbeat(imei: string, now: Date, count: number): Buffer {
  const body = Buffer.concat([
    Buffer.from([DEVICE_TYPE]),
    u16(PROTOCOL_VERSION),
    u16(FIRMWARE),
    imeiBytes(imei),
    time(now),
    u16(count),
  ]);
  return frame(Buffer.from([0x2b, 0x48, 0x42, 0x44, HBD_MASK]), 1, body);
}

/** The IMEI as the documents encode it: two digits a byte, the 15th alone in the last. */
export function imeiBytes(imei: string): Buffer {
  const out = Buffer.alloc(8);
  for (let i = 0; i < 7; i++) out[i] = Number(imei.slice(2 * i, 2 * i + 2));
  out[7] = Number(imei[14]);
  return out;
}

function report(type: number, imei: string, l: QueclinkLocation, count: number): Buffer {
  const head = Buffer.alloc(9);
  head.write('+RSP', 'latin1');
  head[4] = type;
  head.writeUInt32BE(RSP_MASK, 5);
  const body = Buffer.concat([
    Buffer.from([DEVICE_TYPE]),
    u16(PROTOCOL_VERSION),
    u16(FIRMWARE),
    imeiBytes(imei),
    Buffer.from([Math.round(Math.min(100, Math.max(0, l.battery)))]),
    u16(12_600), // external power, mV
    Buffer.from([0x42, 7, 0x10, 1]), // motion, satellites, report id/type, number of points
    point(l),
    TRAILER,
    time(l.time),
    u16(count),
  ]);
  return frame(head, 2, body);
}

/** Accuracy, speed (integer, tenth), azimuth, altitude, lng, lat, time, cell, reserved. */
function point(l: QueclinkLocation): Buffer {
  const out = Buffer.alloc(32);
  const tenths = Math.round(Math.max(0, l.speedKmh) * 10);
  out[0] = Math.min(50, Math.max(0, Math.round(l.accuracy)));
  out.writeUInt16BE(Math.floor(tenths / 10), 1);
  out[3] = tenths % 10;
  out.writeUInt16BE(Math.round(((l.course % 360) + 360) % 360) % 360, 4);
  out.writeInt16BE(Math.round(l.altitude), 6);
  out.writeInt32BE(Math.round(l.lng * 1e6), 8);
  out.writeInt32BE(Math.round(l.lat * 1e6), 12);
  time(l.time).copy(out, 16);
  const cell = l.cell ?? { mcc: 310, mnc: 410, lac: 0x2a1c, cid: 0x3f21 };
  out.writeUInt16BE(parseInt(String(cell.mcc), 16), 23);
  out.writeUInt16BE(parseInt(String(cell.mnc), 16), 25);
  out.writeUInt16BE(cell.lac & 0xffff, 27);
  out.writeUInt16BE(cell.cid & 0xffff, 29);
  return out;
}

/** Head and mask, the length field (1 or 2 bytes), body, checksum 0000, tail 0D 0A. */
function frame(head: Buffer, lengthBytes: 1 | 2, body: Buffer): Buffer {
  const size = head.length + lengthBytes + body.length + 4;
  const length = lengthBytes === 1 ? Buffer.from([size]) : u16(size);
  return Buffer.concat([head, length, body, Buffer.from([0, 0, 0x0d, 0x0a])]);
}

function time(t: Date): Buffer {
  const out = Buffer.alloc(7);
  out.writeUInt16BE(t.getUTCFullYear(), 0);
  out.set(
    [t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds()],
    2,
  );
  return out;
}

function u16(value: number): Buffer {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(value & 0xffff, 0);
  return out;
}
