import { describe, expect, it } from 'vitest';
import { decodedKind } from '../fuzz-ascii';
import { ProtocolError, type DecodedMessage } from '../types';
import { gps103Protocol } from './gps103.decoder';
import { GPS103_FIXTURES, HEARTBEAT, LOGIN, SOS, TRACKER } from './gps103.fixtures';

// Fixtures and their source: gps103.fixtures.ts (Traccar's Gps103ProtocolDecoderTest: field
// captures and the Coban document's examples).
const NOW = new Date('2024-05-01T12:00:00Z');

function decodeOne(text: string) {
  const bytes = Buffer.from(text, 'latin1');
  const result = gps103Protocol.decode(gps103Protocol.createSession(), bytes, NOW);
  expect(result.consumed).toBe(bytes.length);
  expect(result.messages).toHaveLength(1);
  return result.messages[0]!;
}

describe('GPS103 fixtures', () => {
  it.each(GPS103_FIXTURES.map((f) => [f.type, f.text, f] as const))(
    '%s %s',
    (_type, _text, fixture) => {
      let messages: DecodedMessage[];
      try {
        messages = gps103Protocol.decode(
          gps103Protocol.createSession(),
          Buffer.from(fixture.text, 'latin1'),
          NOW,
        ).messages;
      } catch (error) {
        expect(error).toBeInstanceOf(ProtocolError);
        messages = [];
      }
      expect(decodedKind(messages)).toBe(fixture.decodes);
    },
  );
});

describe('GPS103 decoder', () => {
  it('answers the log-on with LOAD and the heartbeat with ON', () => {
    expect(decodeOne(LOGIN)).toEqual({
      serial: '359586015829802',
      positions: [],
      reply: Buffer.from('LOAD'),
    });
    const heartbeat = decodeOne(HEARTBEAT);
    expect(Buffer.from(heartbeat.reply!).toString()).toBe('ON');
    expect(heartbeat.status).toEqual({ serial: '359586015829802', time: NOW });
  });

  it('reads a report: GPS time of day in UTC, knots, course, keyword; no answer', () => {
    const message = decodeOne(TRACKER);
    expect(message.reply).toBeUndefined();
    const [p] = message.positions;
    expect(p).toMatchObject({
      serial: '359587010124900',
      deviceTime: new Date('2008-09-23T11:29:09Z'),
      valid: true,
      speed: 0.11,
      speedUnit: 'knots',
      course: 321.53,
      attributes: { keyword: 'tracker' },
    });
    expect(p!.lat).toBeCloseTo(22 + 34.4669 / 60, 6);
    expect(p!.lng).toBeCloseTo(113 + 54.3287 / 60, 6);
  });

  it('gives the positions Traccar verified, moving the date where the unit runs ahead of UTC', () => {
    const cases = [
      [
        'imei:359710045559474,tracker,151030080103,,F,000101.000,A,5443.3834,N,02512.9071,E,0.00,0;',
        '2015-10-30T00:01:01Z',
        54.72306,
        25.21512,
      ],
      [
        'imei:359710049092324,tracker,151027025958,,F,235957.000,A,2429.5156,N,04424.5828,E,0.01,27.91,,0,0,,,;',
        '2015-10-26T23:59:57Z',
        24.49193,
        44.40971,
      ],
      [
        'imei:865328021058861,tracker,151027041419,,F,011531.000,A,6020.2979,N,02506.1940,E,0.49,113.30,,0,0,0.0%,,;',
        '2015-10-27T01:15:31Z',
        60.3383,
        25.10323,
      ],
    ] as const;
    for (const [text, time, lat, lng] of cases) {
      const [p] = decodeOne(text).positions;
      expect(p!.deviceTime).toEqual(new Date(time));
      expect(p!.lat).toBeCloseTo(lat, 4);
      expect(p!.lng).toBeCloseTo(lng, 4);
    }
  });

  it('turns keywords into alarms, ignition and temperature', () => {
    expect(decodeOne(SOS).positions[0]).toMatchObject({ alarm: 'sos' });
    const accOff = decodeOne(
      'imei:865328023776874,acc off,150619152221,,F,072218.000,A,5439.8489,N,02518.5945,E,0.00,,,1,1,0.0,0.0,23.0,;',
    ).positions[0];
    expect(accOff).toMatchObject({ ignition: false, temperature: 23 });
    expect(
      decodeOne(
        'imei:353451044508750,T:+28.0,0809231929,,F,055403.000,A,2233.1870,N,11354.3067,E,0.00,,;',
      ).positions[0],
    ).toMatchObject({ temperature: 28 });
  });

  it('keeps a report without a fix as status, with the cell it heard', () => {
    const message = decodeOne('imei:864895030279986,ac alarm,180404174252,,L,,,296a,,51f7,,,;');
    expect(message.positions).toEqual([]);
    expect(message.status).toMatchObject({
      alarm: 'powerCut',
      attributes: { lac: 0x296a, cid: 0x51f7 },
    });
  });

  it('leaves a fix without hemisphere letters out rather than guess its sign', () => {
    const message = decodeOne(
      'imei:012497000208821,tracker,1301072224,,F,142411.077,A,2227.0739,S,06855.2912,,0,0,;',
    );
    expect(message.positions).toEqual([]);
  });

  it('decodes coalesced messages and waits for the rest of a split one', () => {
    const session = gps103Protocol.createSession();
    const stream = Buffer.from(`${LOGIN}${HEARTBEAT}\r\n${TRACKER.slice(0, 40)}`, 'latin1');
    const first = gps103Protocol.decode(session, stream, NOW);
    expect(first.messages.map((m) => Buffer.from(m.reply!).toString())).toEqual(['LOAD', 'ON']);
    const rest = Buffer.concat([stream.subarray(first.consumed), Buffer.from(TRACKER.slice(40))]);
    expect(gps103Protocol.decode(session, rest, NOW).messages[0]!.positions).toHaveLength(1);
  });

  it('rejects what is not GPS103 and coordinates that cannot be', () => {
    expect(() => decodeOne('GET / HTTP/1.1\r\n')).toThrow('GPS103 message must be a login');
    expect(() =>
      decodeOne('imei:1,tracker,0809231929,,F,112909.397,A,2294.4669,N,11354.3287,E,0.11,321.53,;'),
    ).toThrow('GPS103 latitude minutes must be below 60');
    expect(() =>
      gps103Protocol.decode(gps103Protocol.createSession(), Buffer.alloc(3000, 0x41), NOW),
    ).toThrow("GPS103 frame has no ';' within 2048 bytes");
  });
});
