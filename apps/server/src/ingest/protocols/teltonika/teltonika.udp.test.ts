import { describe, expect, it } from 'vitest';
import { TELTONIKA_UDP_CAPTURES } from './teltonika.captures';
import { encodeTeltonikaUdp, readTeltonikaUdpAck } from './teltonika.device';
import { teltonikaUdpProtocol } from './teltonika.udp';

/** Decoder tests on the UDP datagrams of teltonika.captures.ts (sources named there). */
const NOW = new Date('2024-05-01T12:00:00Z');
const datagram = (type: string, index = 0) =>
  Buffer.from(TELTONIKA_UDP_CAPTURES[type]![index]!.hex, 'hex');
const decode = (bytes: Uint8Array) =>
  teltonikaUdpProtocol.decode(teltonikaUdpProtocol.createSession(), bytes, NOW);

describe('Teltonika UDP datagrams', () => {
  it('frames every capture; decodes those whose data field holds', () => {
    const table = Object.entries(TELTONIKA_UDP_CAPTURES).map(([type, list]) => {
      const results = list.map((c) => decode(Buffer.from(c.hex, 'hex')));
      return {
        type,
        captures: list.length,
        framed: results.filter((r, i) => r.consumed === list[i]!.hex.length / 2).length,
        decoded: results.filter((r) => !r.notices?.some((n) => n.kind === 'skipped-frame')).length,
        positions: results.reduce((n, r) => n + r.messages.flatMap((m) => m.positions).length, 0),
      };
    });
    expect(table).toEqual([
      { type: 'UDP Codec 8', captures: 1, framed: 1, decoded: 1, positions: 1 },
      {
        type: 'UDP Codec 8E as printed by the wiki',
        captures: 1,
        framed: 1,
        decoded: 0,
        positions: 0,
      },
    ]);
  });

  it('reads the IMEI and the record of the field capture and answers with its packet IDs and count', () => {
    const { messages } = decode(datagram('UDP Codec 8'));
    const [message] = messages;
    expect(message!.serial).toBe('357454072713975');
    // 0x15d3766f6a8 ms; longitude 0x003eef96 and latitude 0x1ec6215e in 1e-7 degrees.
    expect(message!.positions[0]).toMatchObject({
      serial: '357454072713975',
      deviceTime: new Date(0x15d3766f6a8),
      lat: 0x1ec6215e / 1e7,
      lng: 0x003eef96 / 1e7,
      altitude: 0x63,
      course: 0x6d,
      satellites: 9,
      speed: 0x31,
    });
    // Length 5, packet ID CAFE, type 01, AVL packet ID 0x22, one record accepted.
    expect(Buffer.from(message!.reply!).toString('hex')).toBe('0005cafe012201');
  });

  it('drops the wiki example whose codec byte contradicts its records, unanswered, with a notice', () => {
    const { messages, notices } = decode(datagram('UDP Codec 8E as printed by the wiki'));
    expect(messages).toEqual([{ positions: [], serial: '356307042441013' }]);
    expect(notices?.map((n) => n.kind)).toEqual(['skipped-frame']);
  });

  it('waits on a datagram shorter than its length field and refuses an impossible length', () => {
    const bytes = datagram('UDP Codec 8');
    expect(decode(bytes.subarray(0, 40))).toEqual({ consumed: 0, messages: [] });
    expect(() => decode(Buffer.from('0003cafe01', 'hex'))).toThrow(/UDP length 3 is impossible/);
    expect(() => decode(Buffer.from([0xff]))).not.toThrow();
  });

  it('reads what the device-side encoder sends, and the encoder reads the answer', () => {
    const time = new Date('2026-12-01T08:00:00Z');
    const bytes = encodeTeltonikaUdp('352093086403655', 0x0102, 7, [
      { time, lat: 54.6872, lng: 25.2797, altitude: 120, angle: 45, satellites: 11, speedKmh: 52 },
      {
        time: new Date(time.getTime() + 30_000),
        lat: 54.688,
        lng: 25.281,
        altitude: 121,
        angle: 46,
        satellites: 11,
        speedKmh: 50,
      },
    ]);
    const { consumed, messages } = decode(bytes);
    expect(consumed).toBe(bytes.length);
    expect(messages[0]!.positions.map((p) => [p.deviceTime, p.lat, p.lng])).toEqual([
      [time, 54.6872, 25.2797],
      [new Date(time.getTime() + 30_000), 54.688, 25.281],
    ]);
    expect(readTeltonikaUdpAck(messages[0]!.reply!)).toEqual({
      packetId: 0x0102,
      avlPacketId: 7,
      accepted: 2,
    });
  });
});
