import { describe, expect, it } from 'vitest';
import {
  TELTONIKA_CAPTURES,
  TELTONIKA_HANDSHAKES,
  TELTONIKA_UNFRAMEABLE,
} from './teltonika.captures';
import type { TeltonikaCapture } from './teltonika.captures';
import { teltonikaProtocol } from './teltonika.decoder';

/** Decoders' tests on the captures of teltonika.captures.ts (sources named there). */
const NOW = new Date('2024-05-01T12:00:00Z');

function decode(capture: TeltonikaCapture) {
  const bytes = Buffer.from(capture.hex, 'hex');
  const result = teltonikaProtocol.decode({ serial: '356307042441013' }, bytes, NOW);
  expect(result.consumed).toBe(bytes.length);
  return result;
}

const capture = (codec: string, index: number) => TELTONIKA_CAPTURES[codec]![index]!;

describe('Teltonika captures', () => {
  it('accepts both IMEI handshakes', () => {
    expect(
      TELTONIKA_HANDSHAKES.map(
        (c) =>
          teltonikaProtocol.decode(
            teltonikaProtocol.createSession(),
            Buffer.from(c.hex, 'hex'),
            NOW,
          ).messages[0]?.serial,
      ),
    ).toEqual(['356307042441013', '123456789012345']);
  });

  it('frames every capture of every codec, decodes all but the codecs Waymark does not read', () => {
    const table = Object.entries(TELTONIKA_CAPTURES).map(([codec, list]) => {
      const results = list.map(decode);
      return {
        codec,
        captures: list.length,
        decoded: results.filter((r) => r.messages.length === 1).length,
        records: results.reduce((n, r) => n + (r.messages[0]?.positions.length ?? 0), 0),
        acknowledged: results.filter((r) => r.messages[0]?.reply).length,
      };
    });
    expect(table).toEqual([
      { codec: 'keep-alive 0xFF', captures: 1, decoded: 0, records: 0, acknowledged: 0 },
      { codec: 'Codec 8', captures: 15, decoded: 15, records: 27, acknowledged: 15 },
      {
        codec: 'Codec 8 with 16-byte IO values',
        captures: 2,
        decoded: 2,
        records: 22,
        acknowledged: 2,
      },
      { codec: 'Codec 8 Extended', captures: 11, decoded: 11, records: 14, acknowledged: 11 },
      { codec: 'Codec 16', captures: 2, decoded: 2, records: 3, acknowledged: 2 },
      // Two camera messages (type 0x0D) are dropped: they answer no command.
      { codec: 'Codec 12', captures: 6, decoded: 4, records: 0, acknowledged: 0 },
      { codec: 'Codec 13', captures: 3, decoded: 3, records: 0, acknowledged: 0 },
      { codec: 'Codec 7', captures: 2, decoded: 0, records: 0, acknowledged: 0 },
    ]);
  });

  it('reads FMB130 Codec 8 Extended with 2-byte IO ids', () => {
    const [p] = decode(capture('Codec 8 Extended', 10)).messages[0]!.positions;
    expect(p).toMatchObject({
      deviceTime: new Date('2024-11-06T10:57:17.000Z'),
      lat: -6.2906716,
      lng: 106.8097266,
      satellites: 4,
      ignition: false,
      motion: false,
      attributes: { io16: 0x149 }, // a 2-byte id in a 4-byte value: the odometer
    });
  });

  it('reads Codec 8 records carrying 16-byte IO values, eleven to a packet', () => {
    const { messages } = decode(capture('Codec 8 with 16-byte IO values', 1));
    expect(messages[0]!.positions).toHaveLength(11);
    expect(messages[0]!.positions[0]).toMatchObject({
      deviceTime: new Date('2017-03-09T23:25:25.000Z'),
      lat: -33.5423734,
      lng: -70.7061911,
      speed: 4,
    });
    expect(Buffer.from(messages[0]!.reply!).toString('hex')).toBe('0000000b');
  });

  it('reads Codec 13 messages whatever their size field counted', () => {
    expect(
      TELTONIKA_CAPTURES['Codec 13']!.map((c) => decode(c).messages[0]!.commandResponse),
    ).toEqual(['#GET DATAORDER', 'getinfo', 'GTSL|6|1|0|12749884|1|']);
  });

  it('decodes the captures whose CRC is wrong, saying so', () => {
    expect(decode(capture('Codec 16', 0)).notices?.map((n) => n.kind)).toEqual(['crc-mismatch']);
  });

  it('refuses the capture whose data length is 0: it cannot be framed', () => {
    const bytes = Buffer.from(TELTONIKA_UNFRAMEABLE[0]!.hex, 'hex');
    expect(() => teltonikaProtocol.decode({ serial: '1' }, bytes, NOW)).toThrow(
      /data field length 0 is impossible/,
    );
  });
});
