import { describe, expect, it } from 'vitest';
import type { RawPosition } from '@waymark/domain';
import { fuzzDecoder } from './fuzz';
import { ProtocolError } from './types';
import type { DecodedMessage, TcpProtocol } from './types';

/**
 * The helper must fail the decoders it is meant to catch. A toy protocol of 4-byte frames
 * (0xAA, latitude byte, longitude byte, 0x55), bent one way per test.
 */
const BUDGET = { runsPerProperty: 200 };
const packets = [Buffer.from([0xaa, 10, 20, 0x55]), Buffer.from([0xaa, 45, 90, 0x55])];

function toy(
  bend: Partial<{
    lat: (b: number) => number;
    time: Date;
    chunkBlind: boolean;
    stopByte: () => never;
  }> = {},
) {
  const protocol: TcpProtocol<object> = {
    name: 'toy',
    createSession: () => ({}),
    decode(_session, buffer) {
      const messages: DecodedMessage[] = [];
      let consumed = 0;
      while (buffer.length - consumed >= (bend.chunkBlind ? 1 : 4)) {
        if (buffer[consumed] !== 0xaa) throw new ProtocolError('toy frame must start with AA');
        if (bend.stopByte && buffer.length - consumed >= 4 && buffer[consumed + 3] !== 0x55) {
          bend.stopByte();
        }
        const lat = (bend.lat ?? ((b: number) => b % 90))(buffer[consumed + 1] ?? 0);
        const position: RawPosition = {
          serial: '1',
          deviceTime: bend.time ?? new Date('2024-01-01T00:00:00Z'),
          lat,
          lng: (buffer[consumed + 2] ?? 0) % 180,
          valid: true,
          fix: 'gps',
        };
        messages.push({ positions: [position] });
        consumed += bend.chunkBlind ? Math.min(4, buffer.length - consumed) : 4;
      }
      return { consumed, messages };
    },
  };
  return protocol;
}

describe('fuzzDecoder', () => {
  it('passes a decoder that only throws ProtocolError and hands on possible fixes', () => {
    const report = fuzzDecoder({ protocol: toy(), packets }, BUDGET);
    expect(report.runs).toBe(800);
    expect(report.refused).toBeGreaterThan(0);
    expect(report.positions).toBeGreaterThan(0);
  });

  it('fails a decoder that hands on a latitude beyond 90°', () => {
    expect(() => fuzzDecoder({ protocol: toy({ lat: (b) => b * 2 }), packets }, BUDGET)).toThrow(
      /impossible fix: latitude \d+ must be between -90 and 90/,
    );
  });

  it('fails a decoder that hands on a time that is not a date', () => {
    const protocol = toy({ time: new Date(Number.NaN) });
    expect(() => fuzzDecoder({ protocol, packets }, BUDGET)).toThrow(/is not a real date/);
  });

  it('fails a decoder that throws anything but its protocol error', () => {
    const protocol = toy({
      stopByte: () => {
        throw new RangeError('offset out of range');
      },
    });
    expect(() => fuzzDecoder({ protocol, packets }, BUDGET)).toThrow(/offset out of range/);
  });

  it('fails a decoder that decodes a frame split across reads differently', () => {
    expect(() => fuzzDecoder({ protocol: toy({ chunkBlind: true }), packets }, BUDGET)).toThrow(
      /decoded differently than whole/,
    );
  });
});
