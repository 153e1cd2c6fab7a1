import { describe, expect, it } from 'vitest';
import { decodedKind } from '../fuzz-ascii';
import { ProtocolError, type DecodedMessage } from '../types';
import { queclinkProtocol } from './queclink.decoder';
import { FRI, HEARTBEAT, QUECLINK_FIXTURES, SOS } from './queclink.fixtures';

// Fixtures and their source: queclink.fixtures.ts (Traccar's Gl200TextProtocolDecoderTest field
// captures and @Track document examples).
const NOW = new Date('2024-05-01T12:00:00Z');

function decodeOne(text: string) {
  const bytes = Buffer.from(text, 'latin1');
  const result = queclinkProtocol.decode(queclinkProtocol.createSession(), bytes, NOW);
  expect(result.consumed).toBe(bytes.length);
  expect(result.messages).toHaveLength(1);
  return result.messages[0]!;
}
const replyOf = (m: DecodedMessage) => Buffer.from(m.reply ?? []).toString('latin1');

describe('Queclink fixtures', () => {
  it.each(QUECLINK_FIXTURES.map((f) => [f.type, f.text, f] as const))(
    '%s %s',
    (_type, _text, fixture) => {
      let messages: DecodedMessage[];
      try {
        messages = queclinkProtocol.decode(
          queclinkProtocol.createSession(),
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

describe('Queclink decoder', () => {
  it('reads the document’s GTFRI: GPS block, km/h, HDOP, cell in hex; answers +SACK with the count', () => {
    const message = decodeOne(FRI);
    expect(replyOf(message)).toBe('+SACK:11F0$');
    expect(message.positions).toEqual([
      {
        serial: '135790246811220',
        deviceTime: new Date('2009-02-14T01:32:54Z'),
        lat: 31.222073,
        lng: 121.354335,
        valid: true,
        fix: 'gps',
        speed: 4.3,
        speedUnit: 'kmh',
        course: 92,
        altitude: 70,
        cell: { mcc: 460, mnc: 0, lac: 0x18d8, cid: 0x6141 },
        attributes: { hdop: 1, report: 'GTFRI' },
      },
    ]);
  });

  it('answers the heartbeat with +SACK:GTHBD, its protocol version and count', () => {
    const message = decodeOne(HEARTBEAT);
    expect(replyOf(message)).toBe('+SACK:GTHBD,1A0401,11F0$');
    expect(message.status).toEqual({ serial: '135790246811220', time: NOW });
  });

  it('reads every point of a report that carries several, and the report type as alarm', () => {
    const four = decodeOne(
      '+RESP:GTFRI,1A0900,860599000306845,G3-313,0,0,4,1,2.1,0,426.7,8.611466,47.681639,20181214134603,0228,0001,077F,4812,25.2,1,5.7,34,437.3,8.611600,47.681846,20181214134619,0228,0001,077F,4812,25.2,1,4.4,62,438.2,8.611893,47.681983,20181214134633,0228,0001,077F,4812,25.2,1,4.8,78,436.6,8.612236,47.682040,20181214134648,0228,0001,077F,4812,25.2,83,20181214134702,0654$',
    );
    expect(four.positions.map((p) => p.deviceTime.toISOString().slice(11, 19))).toEqual([
      '13:46:03',
      '13:46:19',
      '13:46:33',
      '13:46:48',
    ]);
    expect(decodeOne(SOS).positions[0]).toMatchObject({ alarm: 'sos' });
    const ignitionOff = decodeOne(
      '+RESP:GTIGF,8020050502,867488060278727,,509,1,0.0,184,32.6,14.003446,42.654554,20240219124629,0222,0001,0FAD,0497F715,00,,0.0,20240219124630,FD2F$',
    );
    expect(ignitionOff.positions[0]).toMatchObject({ ignition: false, course: 184 });
  });

  it('marks a block without a fix invalid and keeps reports without a block as status', () => {
    expect(
      decodeOne(
        '+RESP:GTFRI,DE0114,865284041308986,,0,0,1,0,0.0,0,245.6,-117.678624,34.032081,20200825030332,0311,0480,3304,00C7F601,24,0,,85,1,1,,20200825030738,03B1$',
      ).positions[0],
    ).toMatchObject({ valid: false });
    const info = decodeOne(
      '+RESP:GTINF,1A0800,860599000773978,GL300,41,89701016426133851978,17,0,1,26.6,,3.90,1,1,0,0,0,20161003184043,69,1,44,,,20161004040811,022C$',
    );
    expect(info).toMatchObject({ positions: [], status: { attributes: { report: 'GTINF' } } });
    expect(replyOf(info)).toBe('+SACK:022C$');
  });

  it('passes a command acknowledgement on as the answer, without a SACK', () => {
    const ack = decodeOne('+ACK:GTRTO,1A0800,860599000773978,GL300,VER,FFFF,20161006053520,0C19$');
    expect(ack.commandResponse).toBe('GTRTO,VER,FFFF,20161006053520,0C19');
    expect(ack.reply).toBeUndefined();
  });

  it('decodes coalesced messages and waits for a split one', () => {
    const session = queclinkProtocol.createSession();
    const stream = Buffer.from(`${HEARTBEAT}\r\n${FRI}${SOS.slice(0, 40)}`, 'latin1');
    const first = queclinkProtocol.decode(session, stream, NOW);
    expect(first.messages.map(replyOf)).toEqual(['+SACK:GTHBD,1A0401,11F0$', '+SACK:11F0$']);
    const rest = Buffer.concat([stream.subarray(first.consumed), Buffer.from(SOS.slice(40))]);
    expect(queclinkProtocol.decode(session, rest, NOW).messages[0]!.positions[0]!.alarm).toBe(
      'sos',
    );
  });

  it('refuses other text and impossible coordinates', () => {
    expect(() => decodeOne('GET / HTTP/1.1\r\n')).toThrow(
      'must start with +RESP:, +BUFF:, +ACK: (ASCII) or +RSP',
    );
    expect(() =>
      decodeOne('+RESP:GTFRI,1A0102,12345,,0,0,1,1,4.3,92,70.0,121.3,31.2,20090214013254,11F0$'),
    ).toThrow('Queclink unique ID must be an IMEI or MEID');
    expect(() =>
      decodeOne(
        '+RESP:GTFRI,1A0102,135790246811220,,0,0,1,1,4.3,92,70.0,121.354335,91.222073,20090214013254,11F0$',
      ),
    ).toThrow('Queclink latitude must be between -90 and 90');
  });
});
