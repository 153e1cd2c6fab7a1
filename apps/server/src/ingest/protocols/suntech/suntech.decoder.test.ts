import { describe, expect, it } from 'vitest';
import { decodedKind } from '../fuzz-ascii';
import { ProtocolError, type DecodedMessage } from '../types';
import { suntechProtocol } from './suntech.decoder';
import { ALV, EMG, ST410, ST600, STT, SUNTECH_FIXTURES, UNIVERSAL } from './suntech.fixtures';

// Fixtures and their source: suntech.fixtures.ts (Traccar's SuntechProtocolDecoderTest).
const NOW = new Date('2024-05-01T12:00:00Z');

function decodeOne(text: string) {
  const bytes = Buffer.from(`${text}\r`, 'latin1');
  const result = suntechProtocol.decode(suntechProtocol.createSession(), bytes, NOW);
  expect(result.consumed).toBe(bytes.length);
  expect(result.messages).toHaveLength(1);
  return result.messages[0]!;
}

describe('Suntech fixtures', () => {
  it.each(
    SUNTECH_FIXTURES.map((f) => [f.type, f.bytes.toString('latin1').slice(0, 60), f] as const),
  )('%s %s', (_type, _text, fixture) => {
    let messages: DecodedMessage[];
    try {
      messages = suntechProtocol.decode(
        suntechProtocol.createSession(),
        fixture.bytes,
        NOW,
      ).messages;
    } catch (error) {
      expect(error).toBeInstanceOf(ProtocolError);
      messages = [];
    }
    expect(decodedKind(messages)).toBe(fixture.decodes);
  });
});

describe('Suntech decoder', () => {
  it('reads an ST300 status report: UTC time, signed degrees, km/h, IO and odometer; no answer', () => {
    const message = decodeOne(STT);
    expect(message.reply).toBeUndefined();
    expect(message.positions[0]).toEqual({
      serial: '205173382',
      deviceTime: new Date('2016-03-22T23:23:18Z'),
      lat: 19.288278,
      lng: -99.12875,
      speed: 0.122,
      speedUnit: 'kmh',
      course: 0,
      satellites: 9,
      valid: true,
      fix: 'gps',
      ignition: false,
      attributes: {
        type: 'STT',
        firmware: '564',
        odometer: 478391,
        power: 11.53,
        input: 4, // IO 000100: input 3 on
        output: 0,
        mode: 1,
        index: 9498,
      },
    });
  });

  it('reads the ST600 serving cell', () => {
    expect(decodeOne(ST600).positions[0]!.cell).toEqual({
      mcc: 736,
      mnc: 3,
      lac: 0x445c,
      cid: 0x0032cc3e,
    });
  });

  it('answers an emergency with AckEmerg once stored, and reads its alarm', () => {
    const message = decodeOne(EMG);
    expect(message.positions[0]).toMatchObject({ alarm: 'sos', lat: -15.61874, ignition: true });
    expect(Buffer.from(message.reply!).toString()).toBe('SA200CMD;317652;02;AckEmerg\r');
  });

  it('takes the keep-alive as the unit state', () => {
    expect(decodeOne(ALV)).toEqual({
      serial: '317652',
      positions: [],
      status: { serial: '317652', time: NOW },
    });
  });

  it('reads the universal format by its field mask', () => {
    expect(decodeOne(UNIVERSAL).positions[0]).toMatchObject({
      serial: '100850000',
      deviceTime: new Date('2016-11-17T08:37:39Z'),
      lat: 37.479323,
      lng: 126.887827,
      speed: 62.03,
      course: 65.43,
      satellites: 10,
      valid: true,
      ignition: true,
      cell: { mcc: 450, mnc: 0, lac: 0x14, cid: 0x4f },
      attributes: { input: 5, output: 8, mode: 1, reason: 2, index: 492, firmware: '010' },
    });
  });

  it('reads the ST410 report after its seven cells', () => {
    expect(decodeOne(ST410).positions[0]).toMatchObject({
      deviceTime: new Date('2020-01-06T19:18:04Z'),
      lat: -15.57186,
      lng: -56.062637,
      satellites: 6,
      valid: true,
      cell: { mcc: 724, mnc: 4, lac: 365, cid: 24153, rssi: -65 },
    });
  });

  it('drops a report short of fields with a notice, and refuses a stranger', () => {
    const session = suntechProtocol.createSession();
    const short = Buffer.from(`${STT.split(';').slice(0, 9).join(';')}\r${ALV}\r`, 'latin1');
    const { messages, notices } = suntechProtocol.decode(session, short, NOW);
    expect(messages.map((m) => m.positions.length)).toEqual([0, 0]);
    expect(messages[1]!.status).toBeDefined();
    expect(notices![0]).toMatchObject({ kind: 'skipped-frame' });
    expect(notices![0]!.detail).toMatch(/ends before its speed/);
    expect(() =>
      suntechProtocol.decode(
        suntechProtocol.createSession(),
        Buffer.from('GET / HTTP/1.1\r\n'),
        NOW,
      ),
    ).toThrow(ProtocolError);
  });
});
