import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../types';
import { JT808_CAPTURES } from './jt808.captures';
import { jt808Protocol } from './jt808.decoder';

/** The decoder on the real frames of jt808.captures.ts (sources named there). */
const NOW = new Date('2024-05-01T12:00:00Z');

const bytes = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex');
const hexOf = (data: Uint8Array | undefined) => Buffer.from(data ?? []).toString('hex');
const capture = (type: string, index: number) => bytes(JT808_CAPTURES[type]![index]!.hex);

function decode(frame: Buffer, session = jt808Protocol.createSession()) {
  const result = jt808Protocol.decode(session, frame, NOW);
  expect(result.consumed).toBe(frame.length);
  expect(result.messages).toHaveLength(1);
  return { ...result, message: result.messages[0]!, session };
}

/** Check code written independently of the production code: XOR of header and body. */
function reply(header: string, body: string): string {
  const raw = bytes(header + body);
  const check = raw.reduce((x, b) => x ^ b, 0);
  return `7e${header}${body}${check.toString(16).padStart(2, '0')}7e`;
}

describe('JT808 captures', () => {
  it('frames and decodes every capture of every message type', () => {
    const table = Object.entries(JT808_CAPTURES).map(([type, list]) => {
      const results = list.map((c) =>
        jt808Protocol.decode(jt808Protocol.createSession(), bytes(c.hex), NOW),
      );
      return {
        type,
        captures: list.length,
        decoded: results.filter((r) => r.messages.length === 1).length,
        positions: results.reduce((n, r) => n + (r.messages[0]?.positions.length ?? 0), 0),
        answered: results.filter((r) => r.messages[0]?.reply).length,
      };
    });
    expect(table).toEqual([
      { type: '0x0100 registration', captures: 6, decoded: 6, positions: 0, answered: 6 },
      { type: '0x0102 authentication', captures: 2, decoded: 2, positions: 0, answered: 2 },
      { type: '0x0002 heartbeat', captures: 2, decoded: 2, positions: 0, answered: 2 },
      { type: '0x0200 location', captures: 23, decoded: 23, positions: 23, answered: 23 },
      { type: '0x0704 batch', captures: 5, decoded: 5, positions: 23, answered: 5 },
      { type: '0x0900 transparent data', captures: 1, decoded: 1, positions: 0, answered: 1 },
      { type: '0x2070 vendor acceleration', captures: 1, decoded: 1, positions: 0, answered: 1 },
      { type: '0x0005 retransmission request', captures: 1, decoded: 1, positions: 0, answered: 1 },
    ]);
  });
});

describe('JT808 registration and authentication', () => {
  it('answers a 2013 registration with 0x8100 and the token, and tells 2011 and 2019 apart', () => {
    const { message, session } = decode(capture('0x0100 registration', 2));
    expect(message.serial).toBe('13511221122');
    expect(session.edition).toBe('2013');
    expect(message.status?.attributes).toMatchObject({
      protocolEdition: '2013',
      manufacturer: '70107',
      model: 'HB-R03GBD',
      terminalId: '2366104',
      plate: '苏BA6860',
    });
    // Reply serial 0x0005, result 0, token "13511221122", platform serial 0.
    expect(hexOf(message.reply)).toBe(
      reply('8100000e0135112211220000', '00050031333531313232313132 32'.replace(/ /g, '')),
    );
    expect(decode(capture('0x0100 registration', 0)).session.edition).toBe('2011');
    const v2019 = decode(capture('0x0100 registration', 5));
    expect(v2019.session.edition).toBe('2019');
    expect(v2019.message.status?.attributes).toMatchObject({
      manufacturer: 'id987654321',
      model: 'type00123456781234567887654321',
      plate: '甘J-123459',
    });
    // A 2019 terminal is answered in a 2019 header: version flag, protocol version, BCD[10].
    expect(hexOf(v2019.message.reply).slice(0, 36)).toBe('7e8100400e01000000000139123443290000');
  });

  it('reads a 2011 registration whose terminal ID is BCD, not text', () => {
    const { message } = decode(capture('0x0100 registration', 4));
    expect(message.status?.attributes).toMatchObject({
      protocolEdition: '2011',
      terminalId: '94027849470',
    });
  });

  it('acknowledges authentication and the heartbeat with the platform common response 0x8001', () => {
    const auth = decode(capture('0x0102 authentication', 0)).message;
    // Reply to serial 0x0006, message 0x0102, result 0.
    expect(hexOf(auth.reply)).toBe(reply('800100050135112211220000', '0006010200'));
    const heartbeat = decode(capture('0x0002 heartbeat', 1)).message;
    expect(hexOf(heartbeat.reply)).toBe(
      reply('80014005010000000001391234432900 00'.replace(/ /g, ''), '0000000200'),
    );
    expect(heartbeat.status).toEqual({ serial: '13912344329', time: NOW });
  });
});

describe('JT808 location', () => {
  it('reads a 2013 report: GMT+8 time, 10⁻⁶ degrees, 1/10 km/h, mileage, signal, satellites', () => {
    const { message } = decode(capture('0x0200 location', 12));
    expect(message.positions[0]).toEqual({
      serial: '30300000228',
      deviceTime: new Date('2018-09-21T08:14:57Z'), // 16:14:57 in GMT+8
      lat: 23.169716,
      lng: 113.450696,
      valid: true,
      fix: 'gps',
      speed: 0,
      speedUnit: 'kmh',
      course: 5,
      altitude: 0,
      ignition: true,
      gsmSignal: 16,
      satellites: 10,
      attributes: { status: 3, mileage: 114.4 },
    });
    expect(hexOf(message.reply)).toBe(reply('800100050303000002280000', '0042020000'));
  });

  it('reads the hemisphere from the status bits and the alarm flags as alarms', () => {
    const sos = decode(capture('0x0200 location', 19)).message.positions[0]!;
    expect(sos).toMatchObject({ alarm: 'sos', lat: 50.871735, lng: -1.255923, speed: 2 });
    const tamper = decode(capture('0x0200 location', 5)).message.positions[0]!;
    expect(tamper).toMatchObject({ alarm: 'tamper', speed: 24.1, course: 252, battery: 64 });
    const lowPower = decode(capture('0x0200 location', 1)).message.positions[0]!;
    expect(lowPower).toMatchObject({ alarm: 'lowBattery', attributes: { alarmFlags: 0x80 } });
    const south = decode(capture('0x0200 location', 7)).message.positions[0]!;
    expect(south).toMatchObject({
      lat: -27.455656,
      lng: 153.029616,
      attributes: { fuelCut: true },
    });
  });

  it('reads the additional items of a 2019 report: fuel, tachograph speed, vehicle signals', () => {
    const [p] = decode(capture('0x0200 location', 22)).message.positions;
    // Values as xtream-codec publishes them decoded: mileage 111, fuel 222, speed 666, ...
    expect(p).toMatchObject({
      serial: '13912344329',
      altitude: 666,
      speed: 7.8,
      gsmSignal: 33,
      satellites: 55,
      attributes: {
        mileage: 11.1,
        fuel: 22.2,
        tachographSpeed: 66.6,
        alarmEventId: 333,
        vehicleSignals: 'lowBeam,leftTurn,horn,airConditioner',
      },
    });
  });

  it('reads vendor items: battery percent, external power, ICCID', () => {
    const [p] = decode(capture('0x0200 location', 11)).message.positions;
    expect(p).toMatchObject({ battery: 63, attributes: { mileage: 574.5, externalVoltage: 3.9 } });
    const [obd] = decode(capture('0x0200 location', 3)).message.positions;
    expect(obd!.attributes).toMatchObject({ iccid: '89860478102070318608' });
  });

  it('decodes a frame whose body length and check code are wrong, saying so', () => {
    const { message, notices } = decode(capture('0x0200 location', 18));
    expect(message.positions[0]).toMatchObject({ lat: 22.51488, satellites: 11 });
    expect(notices?.map((n) => n.kind)).toEqual(['resynchronised', 'crc-mismatch']);
  });

  it('unescapes 7D 02 inside a frame', () => {
    const frame = capture('0x0200 location', 3);
    expect(frame.includes(Buffer.from([0x7d, 0x02]))).toBe(true);
    expect(decode(frame).notices).toBeUndefined();
  });
});

describe('JT808 batch upload', () => {
  it('reads every location of a blind-area re-upload and answers once', () => {
    const { message } = decode(capture('0x0704 batch', 1));
    expect(message.positions.map((p) => p.deviceTime.toISOString())).toEqual([
      '2020-09-02T07:23:03.000Z',
      '2020-09-02T07:23:08.000Z',
      '2020-09-02T07:23:13.000Z',
    ]);
    expect(message.positions[0]).toMatchObject({ speed: 37, attributes: { reupload: true } });
    expect(hexOf(message.reply)).toBe(reply('800100050790411687500000', '1448070400'));
  });

  it('reads a 2019 regular batch', () => {
    const { message } = decode(capture('0x0704 batch', 4));
    expect(message.positions).toHaveLength(2);
    expect(message.positions[1]).toMatchObject({ altitude: 777, course: 90, speed: 6.7 });
    expect(message.positions[1]!.attributes?.reupload).toBeUndefined();
  });
});

describe('JT808 framing', () => {
  const heartbeat = capture('0x0002 heartbeat', 0);
  const location = capture('0x0200 location', 12);

  it('decodes frames split across reads and coalesced in one', () => {
    const session = jt808Protocol.createSession();
    const first = jt808Protocol.decode(session, location.subarray(0, 20), NOW);
    expect(first).toEqual({ consumed: 0, messages: [] });
    const both = jt808Protocol.decode(session, Buffer.concat([location, heartbeat]), NOW);
    expect(both.messages.map((m) => m.positions.length)).toEqual([1, 0]);
  });

  it('refuses bytes that are not JT808 before a terminal was heard', () => {
    expect(() =>
      jt808Protocol.decode(jt808Protocol.createSession(), Buffer.from('GET / HTTP/1.1\r\n'), NOW),
    ).toThrow(ProtocolError);
  });

  it('after a terminal was heard, skips stray bytes and drops a bent frame, keeping the next', () => {
    const { session } = decode(heartbeat);
    const bent = Buffer.from([0x7e, 0x00, 0x02, 0x7d, 0x05, 0x7e]);
    const result = jt808Protocol.decode(
      session,
      Buffer.concat([Buffer.from('\r\n'), bent, location]),
      NOW,
    );
    expect(result.messages.map((m) => m.positions.length)).toEqual([1]);
    expect(result.notices?.map((n) => n.kind)).toEqual(['skipped-bytes', 'skipped-frame']);
  });

  it('recovers the next frame when one was cut short and its closing flag lost', () => {
    const { session } = decode(heartbeat);
    const cut = location.subarray(0, 30);
    const result = jt808Protocol.decode(session, Buffer.concat([cut, location]), NOW);
    expect(result.messages.flatMap((m) => m.positions)).toHaveLength(1);
  });
});
