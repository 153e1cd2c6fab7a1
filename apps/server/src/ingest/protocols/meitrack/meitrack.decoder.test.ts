import { describe, expect, it } from 'vitest';
import { decodedKind } from '../fuzz-ascii';
import { ProtocolError, type DecodedMessage } from '../types';
import { meitrackChecksum } from './meitrack.checksum';
import { meitrackProtocol } from './meitrack.decoder';
import { AAA, CCE_HEX, COMMAND_ANSWER, MEITRACK_FIXTURES } from './meitrack.fixtures';

// Fixtures and their source: meitrack.fixtures.ts (Traccar's MeitrackProtocolDecoderTest field
// captures and Meitrack document examples).
const NOW = new Date('2024-05-01T12:00:00Z');

function decodeOne(bytes: Buffer) {
  const result = meitrackProtocol.decode(meitrackProtocol.createSession(), bytes, NOW);
  expect(result.consumed).toBe(bytes.length);
  expect(result.messages).toHaveLength(1);
  return result.messages[0]!;
}

describe('Meitrack fixtures', () => {
  it.each(
    MEITRACK_FIXTURES.map((f) => [f.type, f.bytes.toString('latin1').slice(0, 60), f] as const),
  )('%s %s', (_type, _start, fixture) => {
    let messages: DecodedMessage[];
    try {
      messages = meitrackProtocol.decode(
        meitrackProtocol.createSession(),
        fixture.bytes,
        NOW,
      ).messages;
    } catch (error) {
      expect(error).toBeInstanceOf(ProtocolError);
      messages = [];
    }
    expect(decodedKind(messages)).toBe(fixture.decodes);
    // The protocol answers neither AAA nor CCE.
    expect(messages.filter((m) => m.reply)).toEqual([]);
  });
});

describe('Meitrack decoder', () => {
  it('checks the checksum: the sum of the bytes from $$ to *, mod 256', () => {
    expect(meitrackChecksum(Buffer.from('$$D28,353358017784062,D03,OK*'))).toBe('F3');
  });

  it('reads an AAA: event, signed degrees, UTC time, km/h, satellites, altitude, mileage', () => {
    const [p] = decodeOne(Buffer.from(AAA, 'latin1')).positions;
    expect(p).toEqual({
      serial: '867047043162018',
      deviceTime: new Date('2021-10-01T10:52:40Z'),
      lat: -1.264865,
      lng: 36.800705,
      valid: true,
      fix: 'gps',
      speed: 41,
      speedUnit: 'kmh',
      course: 323,
      altitude: 1697,
      satellites: 9,
      gsmSignal: 20,
      attributes: { event: 35, hdop: 1, mileage: 1, runtime: 0 },
    });
  });

  it('gives the position Traccar verified, with the cell in hex', () => {
    const [p] = decodeOne(
      Buffer.from(
        '$$K146,013227004985762,AAA,35,28.618005,-81.246783,131101213828,A,9,22,0,209,1.1,23,80974,1187923,310|260|2A13|634E,0000,0000|0000|0000|09DA|0B34,,*51\r\n',
        'latin1',
      ),
    ).positions;
    expect(p).toMatchObject({
      deviceTime: new Date('2013-11-01T21:38:28Z'),
      lat: 28.618005,
      lng: -81.246783,
      cell: { mcc: 310, mnc: 260, lac: 0x2a13, cid: 0x634e },
    });
  });

  it('reads a binary CCE record: little-endian groups of 1, 2 and 4-byte parameters', () => {
    const [p] = decodeOne(Buffer.from(CCE_HEX, 'hex')).positions;
    expect(p).toMatchObject({
      serial: '865789024140495',
      deviceTime: new Date('2018-02-12T00:41:20Z'),
      lat: 47.068393,
      lng: 15.440636,
      valid: true,
      speed: 0,
      course: 329,
      altitude: 411,
      satellites: 7,
      batteryVoltage: 4.17,
      attributes: { event: 31, hdop: 1.2, mileage: 247215 },
    });
  });

  it('turns event codes into alarms', () => {
    const sos = decodeOne(
      Buffer.from(
        '$$T143,869013024733944,AAA,1,18.459575,-69.947161,170220142912,A,5,15,10,300,1.6,115,3989,187884,370|2|5337|2B2C,0100,0000|0000|0000|0964|0B04,,*C2\r\n',
        'latin1',
      ),
    );
    expect(sos.positions[0]).toMatchObject({ alarm: 'sos', attributes: { event: 1 } });
  });

  it('passes a command answer on as the response', () => {
    expect(decodeOne(Buffer.from(COMMAND_ANSWER, 'latin1')).commandResponse).toBe('D03,OK');
  });

  it('decodes coalesced frames and waits for a split one', () => {
    const session = meitrackProtocol.createSession();
    const cce = Buffer.from(CCE_HEX, 'hex');
    const stream = Buffer.concat([Buffer.from(AAA, 'latin1'), cce.subarray(0, 50)]);
    const first = meitrackProtocol.decode(session, stream, NOW);
    expect(first.messages).toHaveLength(1);
    const rest = Buffer.concat([stream.subarray(first.consumed), cce.subarray(50)]);
    expect(meitrackProtocol.decode(session, rest, NOW).messages[0]!.positions).toHaveLength(1);
  });

  it('rejects a bad checksum, a wrong length, garbage and a CCE record that overruns', () => {
    const bad = Buffer.from(AAA, 'latin1');
    bad[40] = bad[40]! ^ 0x01;
    expect(() => decodeOne(bad)).toThrow('Meitrack checksum mismatch');
    expect(() => decodeOne(Buffer.from('$$D20,353358017784062,D03,OK*F3\r\n'))).toThrow(
      'does not end with *<checksum>',
    );
    expect(() => decodeOne(Buffer.from('GET / HTTP/1.1\r\n'))).toThrow(
      'Meitrack frame must start $$',
    );
    expect(() => decodeOne(Buffer.from('$$D3,1*'))).toThrow('Meitrack data length 3 is impossible');
  });
});
