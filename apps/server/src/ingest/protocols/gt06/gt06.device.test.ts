import { describe, expect, it } from 'vitest';
import { gt06Protocol } from './gt06.decoder';
import {
  encodeGt06Alarm,
  encodeGt06ExternalVoltage,
  encodeGt06Heartbeat,
  encodeGt06Iccid,
  encodeGt06Location,
  encodeGt06Location4g,
  encodeGt06Login,
  gt06BatteryLevel,
  nextGt06SerialNo,
} from './gt06.device';
import type { Gt06Location } from './gt06.device';

const NOW = new Date('2024-05-01T12:00:00Z');
const IMEI = '359339075012345';

const LOCATION: Gt06Location = {
  time: new Date('2024-05-01T11:59:30Z'),
  lat: 39.7392358,
  lng: -104.990251,
  speedKmh: 97,
  course: 271,
  satellites: 11,
  valid: true,
  ignition: true,
  cell: { mcc: 310, mnc: 260, lac: 0x1234, cid: 0xabcdef },
};

function hexOf(bytes: Uint8Array | undefined): string {
  return Buffer.from(bytes ?? []).toString('hex');
}

/** Bit-by-bit CRC-16/X-25, independent of the table-driven gt06.crc.ts. */
function referenceCrc(data: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return crc ^ 0xffff;
}

/** A session logged in with IMEI, as the server holds it after the login frame. */
function loggedIn() {
  const session = gt06Protocol.createSession();
  gt06Protocol.decode(session, encodeGt06Login(IMEI, 1), NOW);
  return session;
}

function decodeOne(session: ReturnType<typeof loggedIn>, frame: Buffer) {
  const result = gt06Protocol.decode(session, frame, NOW);
  expect(result.consumed).toBe(frame.length);
  expect(result.messages).toHaveLength(1);
  return result.messages[0]!;
}

describe('GT06 device encoder', () => {
  it('lays out the login as the original GT06 document does: length 0x0D, BCD IMEI, serial, CRC', () => {
    const frame = encodeGt06Login(IMEI, 0x0001);
    expect(hexOf(frame.subarray(0, 14))).toBe('78780d0103593390750123450001');
    expect(frame.readUInt16BE(14)).toBe(referenceCrc(frame.subarray(2, 14)));
    expect(hexOf(frame.subarray(16))).toBe('0d0a');
  });

  it('logs in: the decoder reads the IMEI and answers with the same serial number', () => {
    const session = gt06Protocol.createSession();
    const message = decodeOne(session, encodeGt06Login(IMEI, 7));
    expect(message.serial).toBe(IMEI);
    const reply = Buffer.from(message.reply ?? []);
    expect(hexOf(reply.subarray(0, 6))).toBe('787805010007');
    expect(reply.readUInt16BE(6)).toBe(referenceCrc(reply.subarray(2, 6)));
  });

  it('round-trips a 0x22 location: time, lat/lng to 1e-6, speed, course, ACC; no reply', () => {
    const message = decodeOne(loggedIn(), encodeGt06Location(LOCATION, 2));
    expect(message.reply).toBeUndefined();
    const [p] = message.positions;
    expect(p).toMatchObject({
      serial: IMEI,
      deviceTime: LOCATION.time,
      valid: true,
      speed: 97,
      speedUnit: 'kmh',
      course: 271,
      satellites: 11,
      ignition: true,
      cell: LOCATION.cell,
    });
    expect(Math.abs(p!.lat - LOCATION.lat)).toBeLessThan(1e-6);
    expect(Math.abs(p!.lng - LOCATION.lng)).toBeLessThan(1e-6);
  });

  it('round-trips a 0x12 location in the southern and eastern hemispheres without a fix', () => {
    const south = { ...LOCATION, lat: -33.8688, lng: 151.2093, valid: false, ignition: undefined };
    const [p] = decodeOne(loggedIn(), encodeGt06Location(south, 3, 0x12)).positions;
    expect(p).toMatchObject({ valid: false, course: 271 });
    expect(p!.ignition).toBeUndefined();
    expect(Math.abs(p!.lat - south.lat)).toBeLessThan(1e-6);
    expect(Math.abs(p!.lng - south.lng)).toBeLessThan(1e-6);
  });

  it('round-trips a 4G 0xA0 location with a wide LAC and cell ID', () => {
    const lte = { ...LOCATION, cell: { mcc: 310, mnc: 410, lac: 0x12345, cid: 0x7654321ab } };
    const message = decodeOne(loggedIn(), encodeGt06Location4g(lte, 4));
    expect(message.reply).toBeUndefined();
    expect(message.positions[0]).toMatchObject({ speed: 97, ignition: true, cell: lte.cell });
  });

  it('reports its ICCID and external voltage in 0x94 information packets, unanswered', () => {
    const ids = { imei: IMEI, imsi: '310410123456789', iccid: '8901410123456789012' };
    const iccid = decodeOne(loggedIn(), encodeGt06Iccid(ids, 5));
    expect(iccid.status).toMatchObject({ serial: IMEI, iccid: '8901410123456789012' });
    expect(iccid.reply).toBeUndefined();
    const power = decodeOne(loggedIn(), encodeGt06ExternalVoltage(13.87, 6));
    expect(power.status).toMatchObject({ externalVoltage: 13.87 });
  });

  it('sends a heartbeat the server acks, with battery as the 0..6 level and charging', () => {
    const frame = encodeGt06Heartbeat(
      { battery: 67, charging: true, ignition: false, gsmSignal: 3 },
      0x1234,
    );
    const message = decodeOne(loggedIn(), frame);
    expect(message.status).toMatchObject({
      serial: IMEI,
      battery: 67, // level 4 of 6
      charging: true,
      ignition: false,
      gsmSignal: 3,
    });
    expect(hexOf(Buffer.from(message.reply ?? []).subarray(3, 6))).toBe('131234');
  });

  it.each([['sos'], ['tamper'], ['powerCut'], ['lowBattery'], ['overspeed'], ['other']] as const)(
    'round-trips a 0x26 %s alarm with position and status, and the server acks it',
    (alarm) => {
      const frame = encodeGt06Alarm(
        LOCATION,
        { alarm, battery: 100, charging: false, ignition: true, gsmSignal: 4 },
        9,
      );
      const message = decodeOne(loggedIn(), frame);
      const [p] = message.positions;
      expect(p).toMatchObject({ alarm, battery: 100, charging: false, gsmSignal: 4, speed: 97 });
      expect(p!.deviceTime).toEqual(LOCATION.time);
      expect(hexOf(Buffer.from(message.reply ?? []).subarray(3, 6))).toBe('260009');
    },
  );

  it('encodes the original 0x16 alarm the decoder reads the same way', () => {
    const frame = encodeGt06Alarm(
      LOCATION,
      { alarm: 'sos', battery: 50, charging: false, ignition: false, gsmSignal: 2 },
      10,
      0x16,
    );
    expect(decodeOne(loggedIn(), frame).positions[0]).toMatchObject({ alarm: 'sos', battery: 50 });
  });

  it('keeps serial numbers in 16 bits and battery levels in 0..6', () => {
    expect(nextGt06SerialNo(0xffff)).toBe(0);
    expect(nextGt06SerialNo(41)).toBe(42);
    expect([-5, 0, 8, 9, 50, 100, 140].map(gt06BatteryLevel)).toEqual([0, 0, 0, 1, 3, 6, 6]);
  });

  it('decodes frames sent back to back in one chunk, as a busy socket delivers them', () => {
    const session = gt06Protocol.createSession();
    const chunk = Buffer.concat([
      encodeGt06Login(IMEI, 1),
      encodeGt06Location(LOCATION, 2),
      encodeGt06Location({ ...LOCATION, time: new Date('2024-05-01T12:00:00Z') }, 3),
    ]);
    const result = gt06Protocol.decode(session, chunk, NOW);
    expect(result.consumed).toBe(chunk.length);
    expect(result.messages.flatMap((m) => m.positions)).toHaveLength(2);
  });

  it('rejects an IMEI that is not 15 or 16 digits', () => {
    expect(() => encodeGt06Login('12345', 1)).toThrow('GT06 IMEI must be 15 or 16 digits');
  });
});
