import { describe, expect, it } from 'vitest';
import { GALILEOSKY_FIXTURES, type GalileoskyFixture } from './galileosky.fixtures';
import { galileoskyProtocol, type GalileoskySession } from './galileosky.decoder';
import { crc16Modbus } from './galileosky.crc';
import { buildGalileoskyPacket, galileoskyConfirmation } from './galileosky.frame';

/**
 * Decoder tests on the real packets of galileosky.fixtures.ts (sources named there). The
 * expected values are worked out from the bytes by hand in the comments: every number is
 * little-endian, so `830a7901` is 0x01790a83.
 */
const NOW = new Date('2024-05-01T12:00:00Z');
const hex = (b: Uint8Array | undefined) => (b ? Buffer.from(b).toString('hex') : undefined);
const bytes = (name: GalileoskyFixture) => Buffer.from(GALILEOSKY_FIXTURES[name], 'hex');

function decode(packet: Buffer, session: GalileoskySession = galileoskyProtocol.createSession()) {
  const result = galileoskyProtocol.decode(session, packet, NOW);
  expect(result.consumed).toBe(packet.length);
  return { ...result, session };
}
/** A connection whose unit sent its head packet (IMEI 868204001549087, device number 50). */
function known(): GalileoskySession {
  const session = galileoskyProtocol.createSession();
  galileoskyProtocol.decode(session, bytes('headPacket'), NOW);
  return session;
}

describe('Galileosky decoder', () => {
  it('reads the head tags and the fix of one record, and confirms with 0x02 and the CRC', () => {
    const { messages, session } = decode(bytes('headAndRecord'));
    expect(messages).toHaveLength(1);
    const [p] = messages[0]!.positions;
    expect(p).toEqual({
      serial: '868345032042426', // tag 03: ASCII 38 36 38 33 ...
      // tag 20: 7caa9f5b = 0x5b9faa7c = 1,537,190,524 s
      deviceTime: new Date('2018-09-17T13:22:04Z'),
      // tag 30: 0c = 12 satellites, correctness 0; 0x01790a83 = 24,709,763; 0x02c80eca = 46,665,418
      lat: 24.709763,
      lng: 46.665418,
      valid: true,
      fix: 'gps',
      satellites: 12,
      speed: 0, // tag 33: 0000 0000
      speedUnit: 'kmh',
      course: 0,
      altitude: 696, // tag 34: b802 = 0x02b8
      batteryVoltage: 4.139, // tag 42: 2b10 = 4139 mV
      attributes: {
        hardwareVersion: 0x82,
        firmwareVersion: 0x13,
        deviceNumber: 100, // tag 04: 6400
        index: 1700, // tag 10: a406 = 0x06a4
        hdop: 0.5, // tag 35: 05
        status: 0x3e00, // tag 40: 003e
        externalVoltage: 16.24, // tag 41: 703f = 16,240 mV
        deviceTemp: 35, // tag 43: 23
        output: 4, // tag 45: 0400
        input: 0xe000, // tag 46: 00e0
        odometer: 5331, // tag d4: d3140000 = 0x14d3 m
        canFuelUsed: 0,
        canOdometer: 0,
        // c1 00000000 (no CAN bus) is left out: it would read as -40 °C coolant.
      },
    });
    expect(hex(messages[0]!.reply)).toBe('028960'); // the packet's last two bytes
    expect(session).toEqual({ serial: '868345032042426', deviceNumber: 100 });
  });

  it('gives each archive record its own time, oldest first as sent', () => {
    const { messages } = decode(bytes('archiveOfFive'));
    const positions = messages[0]!.positions;
    // Tag 20 of each record: c850975b, c950975b, ca50975b, 4251975b, bb51975b.
    expect(positions.map((p) => p.deviceTime.toISOString())).toEqual([
      '2018-09-11T05:21:12.000Z', // 0x5b9750c8
      '2018-09-11T05:21:13.000Z',
      '2018-09-11T05:21:14.000Z',
      '2018-09-11T05:23:14.000Z', // 0x5b975142: 0x7a = 122 s after the first
      '2018-09-11T05:25:15.000Z', // 0x5b9751bb: 0xf3 = 243 s after the first
    ]);
    expect(positions[0]).toMatchObject({
      // 30 0c c03a9101 07cbf902: 0x01913ac0 = 26,294,976; 0x02f9cb07 = 49,924,871
      lat: 26.294976,
      lng: 49.924871,
      speed: 10.1, // 33 6500 0607: 0x65 = 101 tenths of km/h
      course: 179.8, // 0x0706 = 1798 tenths of a degree
      altitude: 19, // 34 1300
      attributes: { externalVoltage: 27.171, odometer: 342_937, index: 17_720 },
    });
    expect(hex(messages[0]!.reply)).toBe('02e007');
  });

  it('reads the analog inputs of a record in volts', () => {
    const [p] = decode(bytes('elevenRecords')).messages[0]!.positions;
    expect(p).toMatchObject({
      serial: '868204001269934',
      deviceTime: new Date('2016-06-24T03:28:53Z'), // f5a86c57 = 0x576ca8f5
      // 30 05 70172f03 bc7dfd02: 5 satellites; 0x032f1770 = 53,417,840; 0x02fd7dbc = 50,167,228
      lat: 53.41784,
      lng: 50.167228,
      satellites: 5,
      speed: 9.9, // 33 6300 2604: 99 tenths
      course: 106.2, // 0x0426 = 1062 tenths
      attributes: { adc0: 27.428, adc1: 27.238, adc2: 1.356, adc3: 0 }, // 50 246b = 27,428 mV ...
    });
  });

  it('stores a command answer as the command response, and confirms it', () => {
    const inall = decode(bytes('inallAnswer')).messages[0]!;
    expect(inall).toMatchObject({
      serial: '866050038437586',
      positions: [],
      commandResponse: 'INALL:in0=11206,in1=0,in2=0,in3=0,in4=0,in5=0,Acc=566924725;',
    });
    expect(hex(inall.reply)).toBe('02fdef');
    expect(decode(bytes('outputAnswer')).messages[0]!.commandResponse).toBe('OUT(3..0) = 1110');
  });

  it('answers a head packet and reads the records that follow it without an IMEI', () => {
    const session = galileoskyProtocol.createSession();
    const head = decode(bytes('headPacket'), session).messages[0]!;
    // 01 1380: the high bit of 0x8013 says the archive holds more; 19 tag bytes.
    expect(head).toEqual({
      serial: '868204001549087',
      positions: [],
      reply: Buffer.from('028590', 'hex'),
      status: { serial: '868204001549087', time: NOW, attributes: { deviceNumber: 50 } },
    });
    const { messages } = decode(bytes('threeCanRecords'), session);
    expect(messages[0]!.positions.map((p) => [p.serial, p.deviceTime.toISOString()])).toEqual([
      ['868204001549087', '2013-07-25T07:25:15.000Z'], // dbd2f051 = 0x51f0d2db
      ['868204001549087', '2013-07-25T07:24:45.000Z'], // 0x51f0d2bd: 0x1e = 30 s before
      ['868204001549087', '2013-07-25T07:23:58.000Z'], // 0x51f0d28e: 0x4d = 77 s before
    ]);
    expect(messages[0]!.positions[0]!.attributes).toMatchObject({ odometer: 625 }); // d4 71020000
    expect(decode(bytes('fifteenRecords'), session).messages[0]!.positions).toHaveLength(15);
    expect(
      decode(bytes('tenUserDataRecords'), session).messages[0]!.positions.map(
        (p) => p.attributes!.userData0,
      ),
    ).toEqual([0x93, 0x94, 0x95, 0x96, 0x97, 0x99, 0x97, 0x95, 0x90, 0x89]); // e2 93000000 ...
  });

  it('confirms each of two packets that arrive together, and waits for the rest of a split one', () => {
    const two = Buffer.concat([bytes('inallAnswer'), bytes('outputAnswer')]);
    const { messages } = decode(two);
    expect(messages.map((m) => hex(m.reply))).toEqual(['02fdef', '02bb29']);
    const session = galileoskyProtocol.createSession();
    expect(
      galileoskyProtocol.decode(session, bytes('headAndRecord').subarray(0, 200), NOW),
    ).toEqual({ consumed: 0, messages: [] });
  });

  it('refuses bytes that start no packet, compressed packets, and records before the head packet', () => {
    const fresh = () => galileoskyProtocol.createSession();
    expect(() => galileoskyProtocol.decode(fresh(), Buffer.from('GET / HTTP/1.1'), NOW)).toThrow(
      'Galileosky packet must start with 0x01, got 474554202f204854 (photos 0x07 and Garmin FMI 0x06 are not read)',
    );
    expect(() => galileoskyProtocol.decode(fresh(), Buffer.from('080a00', 'hex'), NOW)).toThrow(
      'Galileosky compressed packets (header 0x08) are not read: set the unit to send standard packets (header 0x01)',
    );
    expect(() => galileoskyProtocol.decode(fresh(), bytes('fifteenRecords'), NOW)).toThrow(
      'Galileosky packet before a head packet named the unit (tag 0x03)',
    );
  });

  it('drops a packet whose CRC is wrong, or with a tag of unknown length, unconfirmed once the unit is known', () => {
    const bent = bytes('threeCanRecords');
    bent[20] = bent[20]! ^ 0x01;
    const crc = decode(bent, known());
    expect(crc.messages).toEqual([]);
    expect(crc.notices).toEqual([
      {
        kind: 'skipped-frame',
        detail:
          'Galileosky packet CRC 0x2e62 does not match its content; packet dropped unconfirmed',
      },
    ]);
    // 0x5B (refrigerator data) has no length of its own in the tag table.
    const unknown = buildGalileoskyPacket(Buffer.from('20dbd2f0515b0102', 'hex'));
    expect(decode(unknown, known()).notices).toEqual([
      {
        kind: 'skipped-frame',
        detail:
          'Galileosky tag 0x5b at offset 5 has no known length; the packet cannot be read past it; packet dropped unconfirmed',
      },
    ]);
  });

  it('cuts a packet whose length field is wrong where its CRC holds, and confirms it', () => {
    // The unit's CRC covers its own (wrong) length field, as a unit that miscounts sends it.
    const miscounted = (packet: Buffer, by: number) => {
      const out = Buffer.from(packet);
      out.writeUInt16LE(out.readUInt16LE(1) + by, 1);
      out.writeUInt16LE(crc16Modbus(out, 0, out.length - 2), out.length - 2);
      return out;
    };
    const short = miscounted(bytes('elevenRecords'), -3);
    const read = decode(short, known());
    expect(read.messages.map((m) => [hex(m.reply), m.positions.length])).toEqual([
      [hex(galileoskyConfirmation(short.readUInt16LE(short.length - 2))), 11],
    ]);
    expect(read.notices).toEqual([
      {
        kind: 'resynchronised',
        detail: `Galileosky packet: its length field disagrees, its CRC holds after ${short.length} bytes; cut there`,
      },
    ]);
    // Too long: the packet waits for its bytes, and is cut once the next packet's header shows.
    const long = miscounted(bytes('elevenRecords'), 3);
    const session = known();
    expect(galileoskyProtocol.decode(session, long, NOW)).toEqual({ consumed: 0, messages: [] });
    const next = bytes('fifteenRecords');
    const both = decode(Buffer.concat([long, next]), session);
    expect(both.messages.map((m) => m.positions.length)).toEqual([11, 15]);
    expect(both.notices?.map((n) => n.kind)).toEqual(['resynchronised']);
  });

  it("drops a record whose time is not a real date and keeps the packet's other records", () => {
    // Record 1: time 0 (a clock never set); record 2: 2013-07-25T07:25:15Z, both at
    // 30 0a 90cf7403 28ac5903: 0x0374cf90 = 57,986,960; 0x0359ac28 = 56,208,424.
    const tags = Buffer.from(
      '20' + '00000000' + '300a90cf740328ac5903' + '20' + 'dbd2f051' + '300a90cf740328ac5903',
      'hex',
    );
    const { messages, notices } = decode(buildGalileoskyPacket(tags), known());
    expect(messages[0]!.positions.map((p) => p.deviceTime.toISOString())).toEqual([
      '2013-07-25T07:25:15.000Z',
    ]);
    expect(messages[0]!.positions[0]).toMatchObject({ lat: 57.98696, lng: 56.208424 });
    expect(notices).toEqual([
      {
        kind: 'rejected-record',
        detail: `Galileosky record: time ${String(new Date(0))} is not a real date (2000 to 2100); dropped`,
      },
    ]);
    expect(messages[0]!.reply).toBeDefined();
  });

  it("keeps a record at 0, 0 (no fix yet) as the unit's state, not a position", () => {
    const tags = Buffer.from(
      '20' + 'dbd2f051' + '3010' + '00000000' + '00000000' + '41' + 'e92e',
      'hex',
    );
    const { messages } = decode(buildGalileoskyPacket(tags), known());
    expect(messages[0]!.positions).toEqual([]);
    expect(messages[0]!.status).toEqual({
      serial: '868204001549087',
      time: new Date('2013-07-25T07:25:15Z'),
      externalVoltage: 12.009, // 41 e92e = 12,009 mV
      attributes: { externalVoltage: 12.009 },
    });
  });
});
