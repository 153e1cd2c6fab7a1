import { describe, expect, it } from 'vitest';
import { decodedKind } from '../fuzz-ascii';
import { TOPFLYTECH_CAPTURES, TOPFLYTECH_COALESCED } from './topflytech.captures';
import { topflytechProtocol } from './topflytech.decoder';
import { encodeTopflytechCommand } from './topflytech.encoder';
import { encodeTopflytechLocation, encodeTopflytechLogin } from './topflytech.device';

/** Decoder tests on the real packets of topflytech.captures.ts (sources named there). */
const NOW = new Date('2024-05-01T12:00:00Z');
const hex = (b: Uint8Array | undefined) => (b ? Buffer.from(b).toString('hex') : undefined);

function decode(packet: string | Buffer) {
  const bytes = typeof packet === 'string' ? Buffer.from(packet, 'hex') : packet;
  const session = topflytechProtocol.createSession();
  const result = topflytechProtocol.decode(session, bytes, NOW);
  expect(result.consumed).toBe(bytes.length);
  return { ...result, session };
}
const capture = (type: string, i = 0) => TOPFLYTECH_CAPTURES[type]![i]!;

describe('Topflytech T880x decoder', () => {
  it('frames and decodes every capture of every header and type', () => {
    const table = Object.entries(TOPFLYTECH_CAPTURES).map(([type, list]) => ({
      type,
      captures: list.length,
      decodes: list.map((p) => decodedKind(decode(p).messages)),
      answered: list.filter((p) => decode(p).messages[0]?.reply).length,
    }));
    expect(table).toEqual([
      { type: '0x2323 0x01 login', captures: 2, decodes: ['answered', 'answered'], answered: 2 },
      { type: '0x2323 0x03 heartbeat', captures: 2, decodes: ['status', 'status'], answered: 2 },
      {
        type: '0x2323 0x02 GPS',
        captures: 3,
        decodes: ['position', 'status', 'status'],
        answered: 3,
      },
      { type: '0x2323 0x04 alarm', captures: 1, decodes: ['position'], answered: 1 },
      { type: '0x2525 0x01 login', captures: 1, decodes: ['answered'], answered: 1 },
      { type: '0x2525 0x02 GPS', captures: 2, decodes: ['position', 'position'], answered: 2 },
      { type: '0x2525 0x14 alarm', captures: 1, decodes: ['position'], answered: 1 },
      // BLE tags and network details: answered, nothing Waymark stores.
      { type: '0x2525 0x10 BLE', captures: 1, decodes: ['answered'], answered: 1 },
      {
        type: '0x2525 0x81 command answer',
        captures: 1,
        decodes: ['command response'],
        answered: 1,
      },
      { type: '0x2626 0x02 GPS', captures: 1, decodes: ['position'], answered: 1 },
      { type: '0x2727 0x02 GPS', captures: 2, decodes: ['position', 'position'], answered: 2 },
      { type: '0x2727 0x04 alarm', captures: 1, decodes: ['position'], answered: 1 },
      { type: '0x2727 0x05 network', captures: 1, decodes: ['answered'], answered: 1 },
      { type: '0x2727 0x10 BLE', captures: 2, decodes: ['answered', 'answered'], answered: 2 },
    ]);
  });

  it('answers a login by echoing header, type, serial number and IMEI with length 15', () => {
    const { messages, session } = decode(capture('0x2323 0x01 login', 1));
    expect(messages[0]!.serial).toBe('357367031063979');
    expect(session.serial).toBe('357367031063979');
    expect(hex(messages[0]!.reply)).toBe('2323' + '01' + '000f' + '0002' + '0357367031063979');
  });

  it('reads the T8806 alarm: float fix, BCD time and speed, the power-cut code echoed in a 16-byte answer', () => {
    const { messages } = decode(capture('0x2323 0x04 alarm'));
    const [p] = messages[0]!.positions;
    // Floats B8EF0C44, 22969342, CEC59441 read little-endian (worked out apart, with Python's struct).
    expect(p).toMatchObject({
      serial: '357367031063979',
      deviceTime: new Date('2015-10-22T12:16:48Z'),
      valid: false, // status 0xC8: bit 7 set
      satellites: 8,
      altitude: 563.7,
      speed: 0,
      course: 0x0110,
      alarm: 'powerCut',
      battery: 100, // the unit's 00
      attributes: { adc1: 0.89, adc2: 0.89, odometer: 0x17b1 },
    });
    expect(p!.lat).toBeCloseTo(18.596584, 6);
    expect(p!.lng).toBeCloseTo(73.793228, 6);
    expect(hex(messages[0]!.reply)).toBe(
      '2323' + '04' + '0010' + '0003' + '0357367031063979' + '01',
    );
  });

  it('reads a report without a fix as status with its serving cell', () => {
    const { messages } = decode(capture('0x2323 0x02 GPS', 1));
    expect(messages[0]!.positions).toEqual([]);
    expect(messages[0]!.status).toMatchObject({
      time: new Date('2015-10-28T14:59:06Z'),
      cell: { mcc: 404, mnc: 90, lac: 0x0c62, cid: 0x98f6 }, // 0194 5a00 620c f698, little-endian
    });
  });

  it('reads the external power of 0x2525 units and the inputs of the wide 0x14 alarm', () => {
    const gps = decode(capture('0x2525 0x02 GPS')).messages[0]!.positions[0]!;
    expect(gps).toMatchObject({ deviceTime: new Date('2019-03-20T10:58:13Z'), satellites: 13 });
    expect(gps.attributes).toMatchObject({ externalVoltage: 12.81, adc1: 7.17, adc2: 1.37 });
    expect(gps.lat).toBeCloseTo(51.486961, 5);
    expect(gps.lng).toBeCloseTo(-0.110267, 5);
    const alarm = decode(capture('0x2525 0x14 alarm')).messages[0]!.positions[0]!;
    expect(alarm).toMatchObject({ ignition: true, attributes: { output: 0, adc3: 0 } });
  });

  it('reads the solar units (0x2727) and two reports that arrive together', () => {
    const { messages } = decode(TOPFLYTECH_COALESCED);
    expect(messages.map((m) => m.positions[0]!.deviceTime.toISOString())).toEqual([
      '2019-05-30T08:03:50.000Z',
      '2019-05-30T08:18:51.000Z',
    ]);
    expect(messages.map((m) => m.positions[0]!.battery)).toEqual([50, 60]);
    expect(messages[0]!.positions[0]!.attributes).toMatchObject({
      deviceTemp: 42,
      batteryVoltage: 3.7,
    });
  });

  it('stores the unit answer to a command (0x81, UTF-16LE)', () => {
    const { messages } = decode(capture('0x2525 0x81 command answer'));
    expect(messages[0]!.commandResponse).toMatch(
      /^IMEI:866425032895916,SET VERSION OK,Version:Basic:V1\.0\.0,/,
    );
    expect(messages[0]!.commandResponse).toMatch(/MODEM:B9G6MAR02A07M1G#?$/);
  });

  it('waits for the rest of a split packet, and refuses bytes that are not Topflytech', () => {
    const session = topflytechProtocol.createSession();
    const bytes = Buffer.from(capture('0x2323 0x04 alarm'), 'hex');
    expect(topflytechProtocol.decode(session, bytes.subarray(0, 20), NOW)).toEqual({
      consumed: 0,
      messages: [],
    });
    expect(() =>
      topflytechProtocol.decode(session, Buffer.from('GET / HTTP/1.1\r\n'), NOW),
    ).toThrow('Topflytech packet must start with 2323, 2525, 2626 or 2727, got 474554202f204854');
    const short = Buffer.from(bytes);
    short.writeUInt16BE(4, 3);
    expect(() => topflytechProtocol.decode(session, short, NOW)).toThrow(
      'length must be 15 to 1024 bytes, got 4',
    );
  });

  it("skips what a wrong length leaves, once the unit is known, up to its next packet (not another unit's header)", () => {
    const session = topflytechProtocol.createSession();
    topflytechProtocol.decode(session, Buffer.from(capture('0x2323 0x01 login', 1), 'hex'), NOW);
    const alarm = Buffer.from(capture('0x2323 0x04 alarm'), 'hex');
    const short = Buffer.from(alarm);
    short.writeUInt16BE(short.length - 3, 3);
    // Its tail waits: it may hold the next packet's header.
    const cut = topflytechProtocol.decode(session, short, NOW);
    expect([cut.consumed, cut.messages, cut.notices?.map((n) => n.kind)]).toEqual([
      short.length - 3,
      [],
      ['skipped-frame'],
    ]);
    // Another unit's packet in the bytes is no place to resume; this unit's next one is.
    const other = Buffer.from(capture('0x2323 0x03 heartbeat', 0), 'hex');
    const rest = Buffer.concat([short.subarray(-3), other, alarm]);
    const resumed = topflytechProtocol.decode(session, rest, NOW);
    expect(resumed.consumed).toBe(rest.length);
    expect(resumed.messages.map((m) => m.positions.length)).toEqual([1]);
    expect(resumed.notices).toEqual([
      {
        kind: 'skipped-bytes',
        detail: `${3 + other.length} byte(s) that start no Topflytech packet skipped`,
      },
    ]);
  });

  it('drops a report whose time is not BCD with a notice, unanswered, once the unit is known', () => {
    const session = topflytechProtocol.createSession();
    topflytechProtocol.decode(session, Buffer.from(capture('0x2323 0x01 login', 1), 'hex'), NOW);
    const bent = Buffer.from(capture('0x2323 0x04 alarm'), 'hex');
    bent[15 + 29] = 0xaa; // the year's digits
    const result = topflytechProtocol.decode(session, bent, NOW);
    expect(result.messages).toEqual([]);
    expect(result.notices).toEqual([
      {
        kind: 'skipped-frame',
        detail: 'Topflytech time must be yyMMddHHmmss in BCD, got aa1022121648; packet dropped',
      },
    ]);
  });

  it('decodes what the simulator sends as it was meant, and frames commands in the unit header', () => {
    const session = topflytechProtocol.createSession();
    topflytechProtocol.decode(session, encodeTopflytechLogin('861001234567890', 1), NOW);
    const time = new Date('2026-11-30T09:15:00Z');
    const { messages } = topflytechProtocol.decode(
      session,
      encodeTopflytechLocation('861001234567890', 2, {
        time,
        lat: 52.2297,
        lng: 21.0122,
        speedKmh: 42.5,
        course: 275,
        altitude: 110,
        satellites: 9,
        ignition: true,
        battery: 80,
        odometer: 12_345,
        alarmCode: 3,
      }),
      NOW,
    );
    const [p] = messages[0]!.positions;
    expect(p).toMatchObject({
      deviceTime: time,
      speed: 42.5,
      course: 275,
      satellites: 9,
      valid: true,
      ignition: true,
      battery: 80,
      alarm: 'sos',
      altitude: 110,
    });
    expect(p!.lat).toBeCloseTo(52.2297, 5); // float32
    expect(p!.lng).toBeCloseTo(21.0122, 5);
    expect(hex(messages[0]!.reply)).toBe(
      '2323' + '04' + '0010' + '0002' + '0861001234567890' + '03',
    );
    expect(hex(encodeTopflytechCommand(session, 'RELAY,1#'))).toBe(
      '2323' +
        '81' +
        '0018' +
        '0000' +
        '0861001234567890' +
        '01' +
        Buffer.from('RELAY,1#').toString('hex'),
    );
  });
});
