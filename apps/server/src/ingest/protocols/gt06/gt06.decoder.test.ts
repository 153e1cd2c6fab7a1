import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../types';
import { crcItu } from './gt06.crc';
import { gt06Protocol } from './gt06.decoder';
import { buildFrame } from './gt06.frame';
import type { Gt06Session } from './gt06.decoder';

/*
 * Fixtures are the worked examples of the Concox "GPS Tracker Communication Protocol" V3.1
 * (JM-VL02, GT800, ...), except GPS_12, the example of the original GT06 protocol document
 * (also used by Traccar's Gt06ProtocolDecoderTest family of samples).
 */
const LOGIN = '78 78 11 01 07 52 53 36 78 90 02 42 70 00 32 01 00 05 12 79 0D 0A'; // §1.1
const LOGIN_REPLY = '78 78 05 01 00 05 9F F8 0D 0A'; // §1.2
const HEARTBEAT = '78 78 0A 13 40 04 04 00 01 00 0F DC EE 0D 0A'; // §2.1
const GPS_22 =
  '78 78 22 22 0F 0C 1D 02 33 05 C9 02 7A C8 18 0C 46 58 60 00 14 00 01 CC 00 28 7D 00 1F 71 00 00 01 00 08 20 86 0D 0A'; // §3.1
const GPS_12 =
  '78 78 1F 12 0B 08 1D 11 2E 10 CF 02 7A C7 EB 0C 46 58 49 00 14 8F 01 CC 00 28 7D 00 1F B8 00 03 80 81 0D 0A';
const ALARM_26 =
  '78 78 25 26 12 03 0C 06 38 16 C3 02 6C 10 54 0C 38 C9 70 01 44 03 09 01 CC 00 28 66 00 0E EE 0C 06 04 03 02 00 0D A2 DB 0D 0A'; // §6.1
const ALARM_26_FENCES =
  '78 78 25 26 11 0C 0D 13 37 36 CB 02 6C 15 A6 0C 38 CF 0A 00 54 B9 08 01 CC 00 28 66 00 0E EE D8 02 04 00 02 00 1D 76 F9 0D 0A'; // §6.1
const LBS_ALARM = '78 78 12 19 01 CC 00 28 7D 00 1F 71 20 04 04 01 01 00 94 6C 89 0D 0A'; // §7.1
const TIME_REQUEST = '78 78 05 8A 00 06 88 29 0D 0A'; // §9.1
const TIME_REPLY = '78 78 0B 8A 0F 0C 1D 00 00 15 00 06 F0 86 0D 0A'; // §9.2
const COMMAND_REPLY_21 =
  '79 79 00 9D 21 00 00 00 00 01 42 61 74 74 65 72 79 3A 34 2E 31 36 56 2C 4E 4F 52 4D 41 4C 3B 20 ' +
  '47 50 52 53 3A 4C 69 6E 6B 20 55 70 3B 20 47 53 4D 20 53 69 67 6E 61 6C 20 4C 65 76 65 6C 3A 53 74 72 ' +
  '6F 6E 67 3B 20 47 50 53 3A 53 65 61 72 63 68 69 6E 67 20 73 61 74 65 6C 6C 69 74 65 2C 20 53 56 53 20 55 ' +
  '73 65 64 20 69 6E 20 66 69 78 3A 30 28 30 29 2C 20 47 50 53 20 53 69 67 6E 61 6C 20 4C 65 76 65 6C 3A 3B ' +
  '20 41 43 43 3A 4F 46 46 3B 20 44 65 66 65 6E 73 65 3A 4F 46 46 00 2E 26 DF 0D 0A'; // §8.2.1

const NOW = new Date('2024-05-01T12:00:00Z');

function bytes(hex: string): Buffer {
  return Buffer.from(hex.replace(/\s+/g, ''), 'hex');
}

function hexOf(data: Uint8Array | undefined): string {
  return Buffer.from(data ?? [])
    .toString('hex')
    .toUpperCase();
}

/** Bit-by-bit CRC-16/X-25, written independently of the table-driven production code. */
function referenceCrc(data: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return crc ^ 0xffff;
}

function reply(protocol: number, serialNo: number): string {
  const body = Buffer.from([0x05, protocol, serialNo >> 8, serialNo & 0xff]);
  const crc = referenceCrc(body);
  return hexOf(
    Buffer.concat([
      Buffer.from([0x78, 0x78]),
      body,
      Buffer.from([crc >> 8, crc & 0xff, 0x0d, 0x0a]),
    ]),
  );
}

function loggedIn(): Gt06Session {
  const session = gt06Protocol.createSession();
  gt06Protocol.decode(session, bytes(LOGIN), NOW);
  return session;
}

function decodeOne(session: Gt06Session, hex: string) {
  const result = gt06Protocol.decode(session, bytes(hex), NOW);
  expect(result.consumed).toBe(bytes(hex).length);
  expect(result.messages).toHaveLength(1);
  return result.messages[0]!;
}

describe('GT06 CRC-ITU', () => {
  it('matches the CRC-16/X-25 catalogue check value and the document replies', () => {
    expect(crcItu(Buffer.from('123456789'))).toBe(0x906e);
    expect(crcItu(bytes('05 01 00 05'))).toBe(0x9ff8);
    expect(crcItu(bytes('05 13 01 00'))).toBe(0xe1a0);
    expect(crcItu(bytes('05 26 00 1C'))).toBe(0x9d86);
  });
});

describe('GT06 decoder', () => {
  it('logs in with the BCD IMEI and answers with the document reply', () => {
    const session = gt06Protocol.createSession();
    const message = decodeOne(session, LOGIN);
    expect(message.serial).toBe('752533678900242');
    expect(session.serial).toBe('752533678900242');
    expect(message.positions).toEqual([]);
    expect(hexOf(message.reply)).toBe(hexOf(bytes(LOGIN_REPLY)));
  });

  it('decodes a 0x22 location: UTC time, lat/lng /1 800 000, km/h, cell, ACC; no reply', () => {
    const message = decodeOne(loggedIn(), GPS_22);
    expect(message.reply).toBeUndefined();
    const [p] = message.positions;
    expect(p).toMatchObject({
      serial: '752533678900242',
      deviceTime: new Date('2015-12-29T02:51:05Z'),
      valid: true,
      fix: 'gps',
      satellites: 9,
      speed: 0,
      speedUnit: 'kmh',
      course: 0,
      ignition: false,
      cell: { mcc: 460, mnc: 0, lac: 0x287d, cid: 0x1f71 },
      attributes: { uploadMode: 0, reupload: true },
    });
    expect(p!.lat).toBeCloseTo(23.111693, 5);
    expect(p!.lng).toBeCloseTo(114.409298, 5);
  });

  it('takes a date that does not exist (29 February 2023) as no date: invalid fix, server time', () => {
    const content = Buffer.from(bytes(GPS_22).subarray(4, -6));
    content.set([23, 2, 29], 0);
    const frame = buildFrame(0x22, content, 1);
    const [p] = gt06Protocol.decode(loggedIn(), frame, NOW).messages[0]!.positions;
    expect(p).toMatchObject({ deviceTime: NOW, valid: false, attributes: { timeInvalid: true } });
  });

  it('decodes the original 0x12 location with course 143° north-east', () => {
    const [p] = decodeOne(loggedIn(), GPS_12).positions;
    expect(p!.deviceTime).toEqual(new Date('2011-08-29T17:46:16Z'));
    expect(p!.lat).toBeCloseTo(23.111668, 5);
    expect(p!.lng).toBeCloseTo(114.409285, 5);
    expect(p).toMatchObject({
      valid: true,
      satellites: 15,
      course: 143,
      cell: { mcc: 460, cid: 0x1fb8 },
    });
  });

  it('decodes the heartbeat into status and acknowledges its serial number', () => {
    const message = decodeOne(loggedIn(), HEARTBEAT);
    expect(message.positions).toEqual([]);
    expect(message.status).toMatchObject({
      serial: '752533678900242',
      time: NOW,
      battery: 67, // level 4 of 6 ("medium")
      gsmSignal: 4,
      charging: false,
      ignition: false,
      attributes: { gpsTracking: true, batteryLevel: 4 },
    });
    expect(hexOf(message.reply)).toBe(reply(0x13, 0x000f));
  });

  it('decodes a 0x26 vibration alarm with battery and signal, and acknowledges it', () => {
    const message = decodeOne(loggedIn(), ALARM_26);
    const [p] = message.positions;
    expect(p).toMatchObject({
      deviceTime: new Date('2018-03-12T06:56:22Z'),
      valid: false, // course/status 0x4403: "positioned" bit clear
      speed: 1,
      course: 3,
      alarm: 'vibration',
      battery: 100,
      gsmSignal: 4,
      charging: true,
      cell: { mcc: 460, mnc: 0, lac: 0x2866, cid: 0x0eee },
    });
    expect(p!.lat).toBeCloseTo(22.575833, 5);
    expect(p!.lng).toBeCloseTo(113.915653, 5);
    expect(hexOf(message.reply)).toBe(reply(0x26, 0x000d));
  });

  it('falls back to the terminal-information alarm bits when the alarm code is normal', () => {
    const [p] = decodeOne(loggedIn(), ALARM_26_FENCES).positions;
    expect(p).toMatchObject({ alarm: 'lowBattery', battery: 33, attributes: { fuelCut: true } });
  });

  it('turns the LBS-only SOS alarm into status with the cell, since it has no coordinates', () => {
    const message = decodeOne(loggedIn(), LBS_ALARM);
    expect(message.positions).toEqual([]);
    expect(message.status).toMatchObject({
      alarm: 'sos',
      cell: { mcc: 460, lac: 0x287d, cid: 0x1f71 },
    });
    expect(hexOf(message.reply)).toBe(reply(0x19, 0x0094));
  });

  it('answers a time request with the UTC time', () => {
    const session = loggedIn();
    const { messages } = gt06Protocol.decode(
      session,
      bytes(TIME_REQUEST),
      new Date('2015-12-29T00:00:21Z'),
    );
    expect(hexOf(messages[0]!.reply)).toBe(hexOf(bytes(TIME_REPLY)));
  });

  it('reads a 0x7979 command reply as text', () => {
    const message = decodeOne(loggedIn(), COMMAND_REPLY_21);
    expect(message.commandResponse).toMatch(/^Battery:4\.16V,NORMAL; GPRS:Link Up;.*Defense:OFF$/);
  });

  it('waits for the rest of a frame split in two and in three pieces', () => {
    const session = gt06Protocol.createSession();
    const login = bytes(LOGIN);
    expect(gt06Protocol.decode(session, login.subarray(0, 7), NOW)).toEqual({
      consumed: 0,
      messages: [],
    });
    expect(gt06Protocol.decode(session, login, NOW).messages[0]!.serial).toBe('752533678900242');

    const gps = bytes(GPS_22);
    let pending = Buffer.alloc(0);
    const found = [];
    for (const piece of [gps.subarray(0, 1), gps.subarray(1, 20), gps.subarray(20)]) {
      pending = Buffer.concat([pending, piece]);
      const { consumed, messages } = gt06Protocol.decode(session, pending, NOW);
      pending = pending.subarray(consumed);
      found.push(...messages);
    }
    expect(found).toHaveLength(1);
    expect(found[0]!.positions[0]!.deviceTime).toEqual(new Date('2015-12-29T02:51:05Z'));
    expect(pending).toHaveLength(0);
  });

  it('decodes coalesced frames one message each and keeps a trailing partial frame', () => {
    const session = gt06Protocol.createSession();
    const partial = bytes(HEARTBEAT).subarray(0, 5);
    const buffer = Buffer.concat([bytes(LOGIN), bytes(GPS_22), partial]);
    const { consumed, messages } = gt06Protocol.decode(session, buffer, NOW);
    expect(messages.map((m) => [m.serial, m.positions.length])).toEqual([
      ['752533678900242', 0],
      [undefined, 1],
    ]);
    expect(consumed).toBe(buffer.length - partial.length);
  });

  it('decodes a frame whose CRC does not match when its structure holds, and says so', () => {
    const corrupt = bytes(GPS_22);
    corrupt[corrupt.length - 3] = corrupt[corrupt.length - 3]! ^ 0x01; // the CRC's low byte
    const { messages, notices } = gt06Protocol.decode(loggedIn(), corrupt, NOW);
    expect(messages[0]!.positions[0]!.deviceTime).toEqual(new Date('2015-12-29T02:51:05Z'));
    expect(notices).toEqual([
      {
        kind: 'crc-mismatch',
        detail:
          'GT06 0x22 frame: CRC 2087 does not match its content; decoded as its structure holds',
      },
    ]);
  });

  it('drops a framed message whose body does not decode, and goes on with the next', () => {
    // A 0x22 whose latitude reads 2386°: framed, CRC and all, but not a possible fix.
    const impossible = buildFrame(0x22, Buffer.alloc(18, 0xff), 7);
    const { consumed, messages, notices } = gt06Protocol.decode(
      loggedIn(),
      Buffer.concat([impossible, bytes(HEARTBEAT)]),
      NOW,
    );
    expect(consumed).toBe(impossible.length + bytes(HEARTBEAT).length);
    expect(messages.map((m) => hexOf(m.reply))).toEqual([reply(0x13, 0x000f)]);
    expect(notices).toEqual([
      {
        kind: 'skipped-frame',
        detail: expect.stringMatching(
          /^GT06 0x22: latitude .* must be between -90 and 90; frame dropped$/,
        ),
      },
    ]);
  });

  it('resynchronises a frame whose length byte is wrong on its stop bits', () => {
    // A device that miscounts its length computes its CRC over the length it sent.
    const withLength = (length: number) => {
      const frame = Buffer.from(bytes(LOGIN));
      frame[2] = length;
      frame.writeUInt16BE(referenceCrc(frame.subarray(2, frame.length - 4)), frame.length - 4);
      return frame;
    };
    const tooShort = withLength(0x0d); // the frame holds 17
    const tooLong = withLength(0x20);
    for (const bent of [tooShort, tooLong]) {
      const session = gt06Protocol.createSession();
      const { consumed, messages, notices } = gt06Protocol.decode(
        session,
        Buffer.concat([bent, bytes(HEARTBEAT)]),
        NOW,
      );
      expect(consumed).toBe(bent.length + bytes(HEARTBEAT).length);
      expect(messages.map((m) => m.serial ?? hexOf(m.reply))).toEqual([
        '752533678900242',
        reply(0x13, 0x000f),
      ]);
      expect(notices).toEqual([
        {
          kind: 'resynchronised',
          detail: `GT06 0x1 frame: its length field says ${bent[2]}, its stop bits end it after 22 bytes (its CRC holds there); cut there`,
        },
      ]);
    }
  });

  it('answers a login cut short of its length at the stop bits that end the read', () => {
    // Field capture (Traccar's Gt06ProtocolDecoderTest): length 0x0D, no serial number, no CRC.
    const { messages } = gt06Protocol.decode(
      gt06Protocol.createSession(),
      bytes('78780d010359339075005244340d0a'),
      NOW,
    );
    expect(messages[0]).toMatchObject({ serial: '359339075005244' });
    expect(hexOf(messages[0]!.reply)).toBe(reply(0x01, 0));
  });

  it('waits for the stop bits of a frame that is still arriving, even when its text holds CR LF', () => {
    const text = Buffer.from('\u0000\u0000\u0000\u0000\u0001GPS:OK\r\nACC:OFF', 'latin1');
    const frame = buildFrame(0x21, text, 9, true);
    const cut = frame.indexOf('\r\n') + 2;
    const session = loggedIn();
    expect(gt06Protocol.decode(session, frame.subarray(0, cut), NOW)).toEqual({
      consumed: 0,
      messages: [],
    });
    expect(gt06Protocol.decode(session, frame, NOW).messages[0]!.commandResponse).toBe(
      'GPS:OK\r\nACC:OFF',
    );
  });

  it('skips bytes between frames after login, and says so', () => {
    const { consumed, messages, notices } = gt06Protocol.decode(
      loggedIn(),
      Buffer.concat([Buffer.from('\r\n'), bytes(HEARTBEAT)]),
      NOW,
    );
    expect(consumed).toBe(2 + bytes(HEARTBEAT).length);
    expect(messages).toHaveLength(1);
    expect(notices).toEqual([
      { kind: 'skipped-bytes', detail: '2 byte(s) before a start marker skipped: 0d0a' },
    ]);
  });

  it('refuses garbage before login, and garbage that shows no stop bits at all', () => {
    const session = gt06Protocol.createSession();
    expect(() => gt06Protocol.decode(session, Buffer.from('GET / HTTP/1.1\r\n'), NOW)).toThrow(
      /must start with 7878 or 7979, got 474554/,
    );
    expect(() => gt06Protocol.decode(session, bytes('78 78 02 01 00 00 0D 0A'), NOW)).toThrow(
      ProtocolError,
    );
    const noStop = bytes(LOGIN);
    noStop[noStop.length - 1] = 0x00;
    expect(gt06Protocol.decode(session, noStop, NOW)).toEqual({ consumed: 0, messages: [] });
    expect(() =>
      gt06Protocol.decode(session, Buffer.concat([noStop, Buffer.alloc(1100)]), NOW),
    ).toThrow(/shows no stop bits 0D0A within 1024 bytes/);
    expect(() => gt06Protocol.decode(loggedIn(), Buffer.alloc(100, 0x41), NOW)).toThrow(
      /must start with 7878 or 7979/,
    );
  });

  it('rejects positions before login', () => {
    expect(() => gt06Protocol.decode(gt06Protocol.createSession(), bytes(GPS_22), NOW)).toThrow(
      /before login/,
    );
  });
});
