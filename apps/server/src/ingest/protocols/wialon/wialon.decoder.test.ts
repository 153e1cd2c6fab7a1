import { describe, expect, it } from 'vitest';
import { decodedKind } from '../fuzz-ascii';
import { ProtocolError, type DecodedMessage } from '../types';
import { wialonProtocol, type WialonSession } from './wialon.decoder';
import {
  BLACK_BOX,
  DATA,
  DATA_CRC,
  LOGIN_11,
  LOGIN_20,
  PING,
  SHORT_DATA,
  UDP_SHORT_DATA,
  WIALON_FIXTURES,
} from './wialon.fixtures';

// Fixtures and their source: wialon.fixtures.ts (Traccar's WialonProtocolDecoderTest).
const NOW = new Date('2024-05-01T12:00:00Z');
const loggedIn = (): WialonSession => ({ serial: '42001300083' });

function decode(text: string, session: WialonSession = loggedIn()) {
  const bytes = Buffer.from(text, 'utf8');
  const result = wialonProtocol.decode(session, bytes, NOW);
  expect(result.consumed).toBe(bytes.length);
  return result;
}
const replyOf = (m: DecodedMessage | undefined) => Buffer.from(m!.reply!).toString('latin1');

describe('Wialon IPS fixtures', () => {
  it.each(WIALON_FIXTURES.map((f) => [f.type, f.text.trim(), f] as const))(
    '%s %s',
    (_type, _text, fixture) => {
      let messages: DecodedMessage[];
      try {
        messages = decode(fixture.text).messages;
      } catch (error) {
        expect(error).toBeInstanceOf(ProtocolError);
        messages = [];
      }
      expect(decodedKind(messages)).toBe(fixture.decodes);
    },
  );
});

describe('Wialon IPS decoder', () => {
  it('answers the logins of 1.1 and 2.0 units with #AL#1 and takes their IMEI and version', () => {
    const session: WialonSession = {};
    const [v20] = decode(LOGIN_20, session).messages;
    expect(v20).toMatchObject({ serial: '42001300083', positions: [] });
    expect(replyOf(v20)).toBe('#AL#1\r\n');
    expect(session).toEqual({ serial: '42001300083', version: '2.0' });
    const [v11] = decode(LOGIN_11, session).messages;
    expect(replyOf(v11)).toBe('#AL#1\r\n');
    expect(session).toEqual({ serial: '123456789012345', version: '1.1' });
  });

  it('answers the ping with #AP# as the unit state', () => {
    const [ping] = decode(PING).messages;
    expect(replyOf(ping)).toBe('#AP#\r\n');
    expect(ping!.status).toEqual({ serial: '42001300083', time: NOW });
  });

  it('reads short data as Traccar verified it and answers #ASD#1', () => {
    const [message] = decode(SHORT_DATA).messages;
    expect(replyOf(message)).toBe('#ASD#1\r\n');
    const [p] = message!.positions;
    expect(p).toMatchObject({
      serial: '42001300083',
      deviceTime: new Date('2013-04-27T20:56:01Z'),
      valid: true,
      speed: 1,
      speedUnit: 'kmh',
      course: 2,
      altitude: 3,
      satellites: 4,
    });
    expect(p!.lat).toBeCloseTo(55 + 44.6025 / 60, 6);
    expect(p!.lng).toBeCloseTo(37 + 39.6834 / 60, 6);
  });

  it('takes the unit named before the packet (the UDP form)', () => {
    const [message] = decode(UDP_SHORT_DATA, {}).messages;
    expect(message!.serial).toBe('99999999');
    expect(message!.positions[0]!.serial).toBe('99999999');
  });

  it('reads extended data: hdop, inputs, outputs, ADC, parameters by their type', () => {
    const [message] = decode(DATA).messages;
    expect(replyOf(message)).toBe('#AD#1\r\n');
    expect(message!.positions[0]!.attributes).toEqual({
      hdop: 0,
      input: 0,
      output: 0,
      adc1: 14.77,
      adc2: 0.02,
      adc3: 3.6,
      count1: 564,
      fuel: 45.8,
      hw: 'V4.5',
    });
  });

  it('checks the CRC16 of 2.0 data and answers a wrong one with #AD#16, the connection open', () => {
    const [good] = decode(DATA_CRC).messages;
    expect(replyOf(good)).toBe('#AD#1\r\n');
    expect(good!.positions[0]!.deviceTime).toEqual(new Date('2018-11-10T06:11:43Z'));
    const bent = DATA_CRC.replace('F24A', 'F24B');
    const { messages, notices } = decode(bent);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.positions).toEqual([]);
    expect(replyOf(messages[0])).toBe('#AD#16\r\n');
    expect(notices![0]!.kind).toBe('skipped-frame');
    // A 2.0 unit's short data with a wrong CRC is answered 13, as its table says.
    const session: WialonSession = { serial: '1', version: '2.0' };
    expect(
      replyOf(
        decode('#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4;0000\r\n', session).messages[0],
      ),
    ).toBe('#ASD#13\r\n');
  });

  it('answers a record with a wrong number of fields -1, a bad time 0 and bad coordinates 10', () => {
    const cases: [string, string][] = [
      ['#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3\r\n', '#ASD#-1\r\n'],
      ['#SD#270413;256001;5544.6025;N;03739.6834;E;1;2;3;4\r\n', '#ASD#0\r\n'],
      ['#SD#270413;205601;5574.6025;N;03739.6834;E;1;2;3;4\r\n', '#ASD#10\r\n'],
      ['#SD#270413;205601;5544.6025;N;03739.6834;E;-1;2;3;4\r\n', '#ASD#11\r\n'],
      ['#D#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4;NA;x;NA;NA;NA;NA\r\n', '#AD#13\r\n'],
      [
        '#D#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4;NA;NA;NA;NA;NA;fuel:2:full\r\n',
        '#AD#15\r\n',
      ],
    ];
    for (const [text, answer] of cases) {
      const { messages } = decode(text);
      expect(messages[0]!.positions).toEqual([]);
      expect(replyOf(messages[0])).toBe(answer);
    }
  });

  it('stores every record of a black box as archived fixes and answers how many', () => {
    const [message] = decode(BLACK_BOX).messages;
    expect(replyOf(message)).toBe('#AB#2\r\n');
    expect(message!.positions.map((p) => p.deviceTime.toISOString())).toEqual([
      '2014-09-08T07:32:35.000Z',
      '2014-09-08T07:34:20.000Z',
    ]);
    expect(message!.positions[1]!.attributes).toMatchObject({ archive: true, батарея: '100 %' });
  });

  it('refuses data before the login and text that is not a packet', () => {
    expect(() => decode(SHORT_DATA, {})).toThrow(/before the login/);
    expect(() => decode('GET / HTTP/1.1\r\n')).toThrow(ProtocolError);
  });

  it('waits for the end of a packet and reads packets sent together', () => {
    const session = loggedIn();
    const bytes = Buffer.from(PING + SHORT_DATA, 'utf8');
    const first = wialonProtocol.decode(session, bytes.subarray(0, PING.length + 10), NOW);
    expect(first.consumed).toBe(PING.length);
    expect(decode(PING + SHORT_DATA + PING).messages).toHaveLength(3);
  });
});
