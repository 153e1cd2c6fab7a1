import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../types';
import { crc16Ibm } from './teltonika.crc';
import { teltonikaProtocol } from './teltonika.decoder';
import type { TeltonikaSession } from './teltonika.decoder';

/*
 * Sources: IMEI, CODEC_8 and CODEC_8E are the worked examples of the Teltonika wiki "Teltonika
 * Data Sending Protocols"; VIENNA, BEACONS and CODEC_12_RESPONSE are device captures from
 * Traccar's TeltonikaProtocolDecoderTest. Every one carries its original CRC.
 */
const IMEI = '000F333536333037303432343431303133';
const CODEC_8 =
  '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF';
const CODEC_8E =
  '000000000000004A8E010000016B412CEE000100000000000000000000000000000000010005000100010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994';
const VIENNA =
  '000000000000004c08010000016818d500580009c28d9f1cb3757a00be00c60f0053000f06f0011503c80001011d00fc0007423799180053cdf80dce426f430f88190bb8560bb802f100005aa110002887e000010000ee8d';
const BEACONS =
  '00000000000000858e0200000174431aadc100061d888f21000e8a0032002e0c000001810001000000000000000000010181001711210102030405060708090a0b0c0d0e0f10020b010ad000000174431a389100061d888f21000e8a0033002e0d000001810001000000000000000000010181001711210102030405060708090a0b0c0d0e0f10020b010ad2020000492b';
const CODEC_12_RESPONSE =
  '000000000000002d0c01060000002523464d323d3236323033323736313732313339362c32363230332c30372e30322e30350d0a0100009a2e';

const NOW = new Date('2024-05-01T12:00:00Z');

function bytes(hex: string): Buffer {
  return Buffer.from(hex.replace(/\s+/g, ''), 'hex');
}

function hexOf(data: Uint8Array | undefined): string {
  return Buffer.from(data ?? []).toString('hex');
}

/** Table-driven CRC-16/ARC, independent of the bitwise production code, for packets built here. */
const ARC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
  return c;
});
function referenceCrc(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) crc = (crc >>> 8) ^ ARC_TABLE[(crc ^ byte) & 0xff]!;
  return crc;
}

/** Wraps a data field (codec ID .. number of data 2) in preamble, length and CRC. */
function packet(dataHex: string): Buffer {
  const data = bytes(dataHex);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(referenceCrc(data));
  return Buffer.concat([head, data, crc]);
}

function session(): TeltonikaSession {
  return { serial: '356307042441013' };
}

function decodeOne(s: TeltonikaSession, data: Buffer) {
  const result = teltonikaProtocol.decode(s, data, NOW);
  expect(result.consumed).toBe(data.length);
  expect(result.messages).toHaveLength(1);
  return result.messages[0]!;
}

describe('Teltonika CRC-16/IBM', () => {
  it('matches the CRC-16/ARC catalogue check value', () => {
    expect(crc16Ibm(Buffer.from('123456789'))).toBe(0xbb3d);
  });
});

describe('Teltonika decoder', () => {
  it('accepts the IMEI handshake with 0x01', () => {
    const s = teltonikaProtocol.createSession();
    const message = decodeOne(s, bytes(IMEI));
    expect(message).toEqual({
      positions: [],
      serial: '356307042441013',
      reply: Uint8Array.from([1]),
    });
    expect(s.serial).toBe('356307042441013');
  });

  it('decodes the wiki Codec 8 example and acknowledges one record', () => {
    const message = decodeOne(session(), bytes(CODEC_8));
    expect(hexOf(message.reply)).toBe('00000001');
    expect(message.positions).toEqual([
      {
        serial: '356307042441013',
        deviceTime: new Date('2019-06-10T10:04:46Z'),
        lat: 0,
        lng: 0,
        valid: false, // no satellites: the GPS element is a placeholder
        fix: 'gps',
        speed: 0,
        speedUnit: 'kmh',
        course: 0,
        altitude: 0,
        satellites: 0,
        gsmSignal: 3,
        attributes: {
          priority: 1,
          eventIo: 1,
          in1: true,
          externalVoltage: 24.079,
          io241: 24602,
          io78: 0,
        },
      },
    ]);
  });

  it('decodes the wiki Codec 8 Extended example with 2-byte ids and 8-byte values', () => {
    const [p] = decodeOne(session(), bytes(CODEC_8E)).positions;
    expect(p!.deviceTime).toEqual(new Date('2019-06-10T11:36:32Z'));
    expect(p!.attributes).toEqual({
      priority: 1,
      eventIo: 1,
      in1: true,
      io17: 29,
      io16: 22949000,
      io11: 0x3544c87a,
      io14: 0x1dd7e06a,
    });
  });

  it('decodes a real Codec 8 record: lat/lng ×1e-7, km/h, voltages in volts', () => {
    const [p] = decodeOne(session(), bytes(VIENNA)).positions;
    expect(p).toMatchObject({
      deviceTime: new Date('2019-01-04T12:27:19Z'),
      lat: 48.1523066,
      lng: 16.3745183,
      altitude: 190,
      course: 198,
      satellites: 15,
      valid: true,
      speed: 83,
      speedUnit: 'kmh',
      motion: true,
      gsmSignal: 3,
      batteryVoltage: 3.976,
      attributes: { externalVoltage: 14.233, sleepMode: 0, in1: true, io16: 2656224 },
    });
  });

  it('decodes iBeacons from IO 385 in Codec 8 Extended, one position per record', () => {
    const message = decodeOne(session(), bytes(BEACONS));
    expect(hexOf(message.reply)).toBe('00000002');
    expect(message.positions.map((p) => p.bleBeacons)).toEqual([
      [{ id: '01020304-0506-0708-090a-0b0c0d0e0f10:523:266', rssi: -48 }],
      [{ id: '01020304-0506-0708-090a-0b0c0d0e0f10:523:266', rssi: -46 }],
    ]);
    expect(message.positions[0]).toMatchObject({ lat: 55.365185, lng: 10.2598799, satellites: 12 });
  });

  it('decodes an Eddystone beacon with battery voltage, Dallas temperature and ignition', () => {
    // Built here: one 8E record, 1-byte IO 239 = 1, 4-byte IO 72 = -125 (-12.5 °C), NX IO 385.
    const beacon = '01' + '02' + 'aabbccddeeff00112233' + '445566778899' + 'c4' + '012c';
    const record =
      '0000018f3a5b2c00' +
      '02' +
      '09c28d9f' +
      '1cb3757a' +
      '00be' +
      '00c6' +
      '0f' +
      '0053' +
      '0000' +
      '0003' +
      '0001' +
      '00ef01' +
      '0000' +
      '0001' +
      '0048ffffff83' +
      '0000' +
      '0001' +
      '0181' +
      (beacon.length / 2).toString(16).padStart(4, '0') +
      beacon;
    const [p] = decodeOne(session(), packet('8e01' + record + '01')).positions;
    expect(p).toMatchObject({
      deviceTime: new Date(0x18f3a5b2c00),
      ignition: true,
      temperature: -12.5,
      alarm: 'sos', // priority 2 = panic
      bleBeacons: [{ id: 'aabbccddeeff00112233:445566778899', rssi: -60, batteryVoltage: 3 }],
      attributes: { priority: 2, temp1: -12.5 },
    });
  });

  it('decodes Codec 16 (2-byte ids, generation type)', () => {
    // Built here: event IO 240, generation 5 ("on change"), two 1-byte IOs (240 = 1, 113 = 85 %).
    const record =
      '0000018f3a5b2c00' +
      '00' +
      '09c28d9f' +
      '1cb3757a' +
      '00be' +
      '00c6' +
      '0f' +
      '0053' +
      '00f0' +
      '05' +
      '02' +
      '02' +
      '00f001' +
      '007155' +
      '00' +
      '00' +
      '00';
    const [p] = decodeOne(session(), packet('1001' + record + '01')).positions;
    expect(p).toMatchObject({
      motion: true,
      battery: 85,
      attributes: { generationType: 5, eventIo: 240 },
    });
  });

  it('reads a Codec 12 command response and sends no acknowledgement', () => {
    const message = decodeOne(session(), bytes(CODEC_12_RESPONSE));
    expect(message).toEqual({
      positions: [],
      commandResponse: '#FM2=262032761721396,26203,07.02.05',
    });
  });

  it('handles split frames (two and three pieces) and coalesced frames', () => {
    const s = teltonikaProtocol.createSession();
    const stream = Buffer.concat([bytes(IMEI), bytes(VIENNA), bytes(CODEC_8)]);
    const cuts = [1, 17, 30, 17 + 76, stream.length];
    let pending = Buffer.alloc(0);
    let start = 0;
    const messages = [];
    for (const cut of cuts) {
      pending = Buffer.concat([pending, stream.subarray(start, cut)]);
      start = cut;
      const result = teltonikaProtocol.decode(s, pending, NOW);
      pending = pending.subarray(result.consumed);
      messages.push(...result.messages);
    }
    expect(messages.map((m) => m.serial ?? m.positions[0]!.deviceTime.toISOString())).toEqual([
      '356307042441013',
      '2019-01-04T12:27:19.000Z',
      '2019-06-10T10:04:46.000Z',
    ]);
    expect(pending).toHaveLength(0);

    const both = teltonikaProtocol.decode(
      session(),
      Buffer.concat([bytes(VIENNA), bytes(CODEC_8)]),
      NOW,
    );
    expect(both.messages.map((m) => hexOf(m.reply))).toEqual(['00000001', '00000001']);
  });

  it('waits on truncated input', () => {
    expect(
      teltonikaProtocol.decode(teltonikaProtocol.createSession(), bytes('000F3335'), NOW),
    ).toEqual({
      consumed: 0,
      messages: [],
    });
    expect(teltonikaProtocol.decode(session(), bytes(VIENNA).subarray(0, 40), NOW)).toEqual({
      consumed: 0,
      messages: [],
    });
  });

  it('decodes a packet whose CRC does not match when its records hold, and says so', () => {
    const corrupt = bytes(VIENNA);
    corrupt[corrupt.length - 1] = corrupt[corrupt.length - 1]! ^ 0xff;
    const { messages, notices } = teltonikaProtocol.decode(session(), corrupt, NOW);
    expect(messages[0]!.positions[0]).toMatchObject({ lat: 48.1523066, lng: 16.3745183 });
    expect(hexOf(messages[0]!.reply)).toBe('00000001');
    expect(notices).toEqual([
      {
        kind: 'crc-mismatch',
        detail:
          'Teltonika CRC mismatch: packet says ee72, data gives ee8d; decoded as its structure holds',
      },
    ]);
  });

  it('skips the 0xFF keep-alive byte before and after the IMEI handshake', () => {
    const s = teltonikaProtocol.createSession();
    const stream = Buffer.concat([
      Buffer.from([0xff]),
      bytes(IMEI),
      Buffer.from([0xff, 0xff]),
      bytes(VIENNA),
      Buffer.from([0xff]),
    ]);
    const { consumed, messages, notices } = teltonikaProtocol.decode(s, stream, NOW);
    expect(consumed).toBe(stream.length);
    expect(messages.map((m) => hexOf(m.reply))).toEqual(['01', '00000001']);
    expect(notices).toEqual([
      { kind: 'keep-alive', detail: '1 keep-alive byte(s) 0xFF skipped' },
      { kind: 'keep-alive', detail: '2 keep-alive byte(s) 0xFF skipped' },
      { kind: 'keep-alive', detail: '1 keep-alive byte(s) 0xFF skipped' },
    ]);
  });

  it('rejects a record whose time is not a real date alone, and acknowledges the packet', () => {
    const record = (time: string) =>
      time +
      '00' +
      '09c28d9f' +
      '1cb3757a' +
      '00be' +
      '00c6' +
      '0f' +
      '0053' +
      '00' +
      '00' +
      '00' +
      '00' +
      '00' +
      '00';
    const packetHex =
      '0803' +
      record('0000018f3a5b2c00') +
      record('ffffffffffffffff') +
      record('0000000000000000') +
      '03';
    const { messages, notices } = teltonikaProtocol.decode(session(), packet(packetHex), NOW);
    expect(messages[0]!.positions.map((p) => p.deviceTime)).toEqual([new Date(0x18f3a5b2c00)]);
    expect(hexOf(messages[0]!.reply)).toBe('00000003');
    expect(notices).toEqual([
      {
        kind: 'rejected-record',
        detail:
          'Teltonika record 2 of 3: time Invalid Date is not a real date (2000 to 2100); rejected',
      },
      {
        kind: 'rejected-record',
        detail: expect.stringMatching(/^Teltonika record 3 of 3: time .*1970.* is not a real date/),
      },
    ]);
  });

  it('reads Codec 8 records that carry 16-byte IO values by their structure', () => {
    // One record: 1-byte ids, no 1/2/4/8-byte values, one 16-byte value (IO 203).
    const record =
      '0000015ab5642a88' +
      '00' +
      'd5db1769' +
      'ec01d70a' +
      '020a' +
      '00e3' +
      '04' +
      '0004' +
      '00' +
      '01' +
      '00' +
      '00' +
      '00' +
      '00' +
      '01' +
      'cb' +
      '00'.repeat(15) +
      '2a';
    const [p] = decodeOne(session(), packet('0801' + record + '01')).positions;
    expect(p).toMatchObject({ lat: -33.5423734, lng: -70.7061911, speed: 4 });
    expect(p!.attributes).toMatchObject({ io203: '42' }); // wider than 2^53: an exact decimal string
  });

  it('reads a Codec 13 message with its timestamp in seconds or milliseconds', () => {
    const seconds = packet('0d010600000009' + '5f5e1000' + '48656c6c6f' + '01');
    const millis = packet('0d01060000000d' + '0000017f5f5e1000' + '48656c6c6f' + '01');
    for (const data of [seconds, millis]) {
      expect(decodeOne(session(), data)).toEqual({ positions: [], commandResponse: 'Hello' });
    }
  });

  it('drops a framed packet it cannot read without acknowledging it, and reads the next', () => {
    const gh3000 = packet('07010000' + '01');
    const overrun = packet('0802' + bytes(CODEC_8).subarray(10, -5).toString('hex') + '02');
    const disagree = packet('0801' + bytes(CODEC_8).subarray(10, -5).toString('hex') + '02');
    const stream = Buffer.concat([gh3000, overrun, disagree, bytes(VIENNA)]);
    const { consumed, messages, notices } = teltonikaProtocol.decode(session(), stream, NOW);
    expect(consumed).toBe(stream.length);
    expect(messages.map((m) => hexOf(m.reply))).toEqual(['00000001']);
    expect(notices?.map((n) => n.detail)).toEqual([
      'Teltonika codec 0x7 is not supported: expected 0x08, 0x8E, 0x10, 0x0C or 0x0D; packet dropped, not acknowledged',
      expect.stringMatching(
        /^Teltonika Codec 8: needs \d+ more byte\(s\).*; packet dropped, not acknowledged$/,
      ),
      'Teltonika record counts disagree: 1 at the start, 2 at the end; packet dropped, not acknowledged',
    ]);
  });

  it('refuses garbage, impossible lengths and data before the handshake', () => {
    expect(() =>
      teltonikaProtocol.decode(session(), Buffer.from('GET / HTTP/1.1\r\n'), NOW),
    ).toThrow(ProtocolError);
    expect(() => teltonikaProtocol.decode(session(), bytes('00000000ffffffff'), NOW)).toThrow(
      /length 4294967295 is impossible/,
    );
    expect(() =>
      teltonikaProtocol.decode(teltonikaProtocol.createSession(), bytes('0100'), NOW),
    ).toThrow(/IMEI length 256 is impossible/);
    expect(() =>
      teltonikaProtocol.decode(teltonikaProtocol.createSession(), bytes('0003414243'), NOW),
    ).toThrow(/ASCII digits/);
    expect(() =>
      teltonikaProtocol.decode(teltonikaProtocol.createSession(), bytes(CODEC_8), NOW),
    ).toThrow(/before the IMEI handshake/);
  });
});
