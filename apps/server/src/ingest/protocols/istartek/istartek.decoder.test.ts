import { describe, expect, it } from 'vitest';
import { decodedKind } from '../fuzz-ascii';
import { ProtocolError, type DecodedMessage } from '../types';
import { istartekChecksum } from './istartek.checksum';
import { istartekProtocol } from './istartek.decoder';
import { ANSWER, DRIVER, ISTARTEK_FIXTURES, REPORT } from './istartek.fixtures';

// Fixtures and their source: istartek.fixtures.ts (Traccar's StartekProtocolDecoderTest).
const NOW = new Date('2024-05-01T12:00:00Z');
const decode = (text: string) =>
  istartekProtocol.decode(istartekProtocol.createSession(), Buffer.from(text, 'latin1'), NOW);

describe('iStartek fixtures', () => {
  it.each(ISTARTEK_FIXTURES.map((f) => [f.type, f.text.slice(0, 50), f] as const))(
    '%s %s',
    (_type, _text, fixture) => {
      let messages: DecodedMessage[];
      try {
        const result = decode(fixture.text);
        expect(result.consumed).toBe(fixture.text.length);
        messages = result.messages;
      } catch (error) {
        expect(error).toBeInstanceOf(ProtocolError);
        messages = [];
      }
      expect(decodedKind(messages)).toBe(fixture.decodes);
    },
  );
});

describe('iStartek decoder', () => {
  it('reads a report: time, coordinates, km/h, cell, inputs and voltages; no answer', () => {
    const { messages, notices } = decode(REPORT);
    expect(notices).toBeUndefined();
    expect(messages[0]!.reply).toBeUndefined();
    expect(messages[0]!.positions[0]).toEqual({
      serial: '863911061945394',
      deviceTime: new Date('2023-09-18T07:25:31Z'),
      lat: 22.678598,
      lng: 114.04597,
      valid: true,
      fix: 'gps',
      speed: 0,
      speedUnit: 'kmh',
      course: 0,
      altitude: 74,
      satellites: 26,
      ignition: false,
      batteryVoltage: 4.12,
      cell: { mcc: 460, mnc: 0, lac: 0x249f, cid: 0x1093 },
      attributes: {
        event: 0,
        hdop: 0.6,
        odometer: 2286304571,
        rssi: 20,
        status: 0x1c,
        input: 0,
        output: 0,
        power: 11.91,
      },
    });
  });

  it('reads the driver id of event 53 and the ignition of input 2', () => {
    const [p] = decode(DRIVER).messages[0]!.positions;
    expect(p).toMatchObject({
      ignition: true,
      attributes: { event: 53, driverUniqueId: '8F5300' },
    });
  });

  it('stores a command answer as its code and result', () => {
    expect(decode(ANSWER).messages[0]!.commandResponse).toBe('129,OK');
  });

  it('reads a frame with a wrong checksum or length, with a notice', () => {
    const bent = REPORT.replace(/C0\r\n$/, 'C1\r\n');
    expect(istartekChecksum(REPORT.slice(0, -4))).toBe('C0');
    const wrongSum = decode(bent);
    expect(wrongSum.messages[0]!.positions).toHaveLength(1);
    expect(wrongSum.notices).toEqual([expect.objectContaining({ kind: 'crc-mismatch' })]);
    const wrongLength = decode(REPORT.replace('&&l141,', '&&l139,') + ANSWER);
    expect(wrongLength.messages.map((m) => m.positions.length)).toEqual([1, 0]);
    expect(wrongLength.notices!.map((n) => n.kind)).toContain('resynchronised');
  });

  it('waits for the rest of a frame and refuses a stranger', () => {
    expect(decode(REPORT.slice(0, 60))).toEqual({ consumed: 0, messages: [] });
    expect(() => decode('GET / HTTP/1.1\r\n')).toThrow(ProtocolError);
  });
});
