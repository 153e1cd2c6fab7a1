import { describe, expect, it } from 'vitest';
import { decodedKind } from '../fuzz-ascii';
import { jt600Protocol } from './jt600.decoder';
import { JT600_BINARY, JT600_COALESCED, JT600_TEXT, fixture, fixtureBytes } from './jt600.fixtures';

/** Decoder tests on the real frames of jt600.fixtures.ts (sources named there). */
const NOW = new Date('2024-05-01T12:00:00Z');
const text = (b: Uint8Array | undefined) => (b ? Buffer.from(b).toString('latin1') : undefined);

function decode(bytes: Buffer, session = jt600Protocol.createSession()) {
  const result = jt600Protocol.decode(session, bytes, NOW);
  expect(result.consumed).toBe(bytes.length);
  return { ...result, session };
}
const one = (name: string) => decode(fixture(name)).messages[0]!;

describe('JT600 decoder', () => {
  it('frames and decodes every capture, answering only those that ask', () => {
    const table = [...JT600_BINARY, ...JT600_TEXT].map((f) => {
      const { messages } = decode(fixtureBytes(f));
      return `${f.name}: ${decodedKind(messages)}${messages[0]?.reply ? ` ${text(messages[0].reply)}` : ''}`;
    });
    expect(table).toEqual([
      'type 1, unit 3110216001: position',
      'type 1, unit 3120820029 05:28: position',
      'type 1, unit 3120820029 05:33: position',
      'type 1, unit 3120820029 05:34 (frame test): position',
      'type 1, no fix (frame test): status',
      'type 2, 6 records: position',
      'type 2, unit 4081118888: position',
      'type 2, unit 6240901961: position',
      'type 2, 15 records of a drive: position',
      'type 3, unit 6570607301: position',
      'long 0x01, unit 7520150926: position (P35)',
      'long 0x16, unit 7520150926: position (P35)',
      'long 0x16, unit 7560405553: position', // status 0x20c0: bit 5 clear, nothing asked
      'long 0x16, invalid fix, charging: position (P35)',
      'long 0x17, unit 7580126398: position',
      'long 0x17, no fix: status',
      'long 0x17, sensors: position',
      'long 0x17, unit 7890519708 (frame test): position',
      'long 0x17, no fix, sensors: status (P35)',
      'long 0x19, unit 8041300978: position (P69,0,110)',
      'W01, unit 3110312099: position',
      'W01, unit 3120820029: position',
      'U01: position (S39)',
      'U02: position (S39)',
      'U03: position (S39)',
      'U02, no fix, checksum: status (S39)',
      'U06 with alarm: position (S20)',
      'U06, west: position (S20)',
      'U01, west: position (S39)',
      'U01, no fix: status (S39)',
      'U06, alarm 11: position (S20)',
      'U06, alarm 10: position (S20)',
      'U01, no fix, no checksum: status (S39)',
      'U01, no fix 2: status (S39)',
      'P45 padlock: position (P69,0,9)',
      '@JT keep-alive: status',
      '@JT keep-alive (frame test): status',
      'U04: nothing',
      'U09: nothing',
    ]);
  });

  it('reads a JT600 type 1 record: BCD time and coordinates, hemisphere flags, knots, course in 2°', () => {
    // 24 | 3110216001 | 11 | 001B | 160211 055910 | 22329862 | 11404622 7B | 05 | 98 | 09 | 50 | 80 |
    // 0123 | 2795 | 1435 | 16 | 1F: 22°32.9862' = 22.549770; 114°04.6227' = 114.077045, flags
    // B = valid, north, not east (west); course 0x98 × 2 = 304; battery 0x50 = 80 %; 0x0123 = 291 m.
    const message = one('type 1, unit 3110216001');
    expect(message.serial).toBe('3110216001');
    expect(message.reply).toBeUndefined();
    const [p] = message.positions;
    expect(p).toMatchObject({
      deviceTime: new Date('2011-02-16T05:59:10Z'),
      valid: true,
      speed: 5,
      speedUnit: 'knots',
      course: 304,
      satellites: 9,
      battery: 80,
      altitude: 291,
      gsmSignal: 22,
      attributes: { cid: 0x2795, lac: 0x1435 },
    });
    expect(p!.lat).toBeCloseTo(22.54977, 6);
    expect(p!.lng).toBeCloseTo(-114.077045, 6);
  });

  it('reads the binary fields as the same unit text report says them', () => {
    // Unit 3120820029 in Gaborone: binary 05:34:05 (lat 24380997, lng 025533555, flags 5: valid,
    // south, east; course 0x04; satellites 06; battery 0x14; signal 0x1F) and W01 at 05:33:39
    // (02553.3555,E,2438.0997,S, course 8, battery 20, satellites 6, GSM 31).
    const binary = one('type 1, unit 3120820029 05:34 (frame test)').positions[0]!;
    const w01 = one('W01, unit 3120820029').positions[0]!;
    expect(w01.deviceTime).toEqual(new Date('2012-10-17T05:33:39Z'));
    for (const p of [binary, w01]) {
      expect(p.lat).toBeCloseTo(-(24 + 38.0997 / 60), 6);
      expect(p.lng).toBeCloseTo(25 + 53.3555 / 60, 6);
      expect(p).toMatchObject({ course: 8, battery: 20, satellites: 6, gsmSignal: 31 });
    }
  });

  it('keeps the own time of each of the 15 records a unit sends from its memory', () => {
    const [message] = decode(fixture('type 2, 15 records of a drive')).messages;
    const positions = message!.positions;
    expect(positions).toHaveLength(15);
    expect(positions[0]!.deviceTime).toEqual(new Date('2017-07-19T03:41:21Z'));
    expect(positions[14]!.deviceTime).toEqual(new Date('2017-07-19T03:47:21Z'));
    // Record 3: 190717 034221 | 31282792 | 07421663 5f | 22 | 2e: 31°28.2792' N, 74°21.6635' E,
    // 0x22 = 34 knots, course 0x2e × 2 = 92; then fuel 00, status 00130801, odometer 0x7685 km, fuel 09.
    expect(positions[2]).toMatchObject({ speed: 34, speedUnit: 'knots', course: 92 });
    expect(positions[2]!.lat).toBeCloseTo(31 + 28.2792 / 60, 6);
    expect(positions[2]!.lng).toBeCloseTo(74 + 21.6635 / 60, 6);
    expect(positions[2]!.attributes).toEqual({
      fuel: 9,
      status: 0x00130801,
      odometer: 0x7685 * 1000,
    });
  });

  it('reads the JT701 long format and confirms it with (P69,0,<index>) from protocol version 0x19', () => {
    // 24 | 8041300978 | 19 | 14 | 0034 | 061021 075443 | 54193631 | 00621342 3b | 00 | 00 | 0000006c |
    // 07 | 00000000 | 20e0 | 64 | f91e | a067 | 1d | 00 020f0f ... | 6e: 54°19.3631' N, 6°21.3423' W;
    // status 0x20E0 has bit 5 (confirm), the index 0x6E is 110.
    const message = one('long 0x19, unit 8041300978');
    expect(text(message.reply)).toBe('(P69,0,110)');
    const [p] = message.positions;
    expect(p).toMatchObject({
      serial: '8041300978',
      deviceTime: new Date('2021-10-06T07:54:43Z'),
      valid: true,
      satellites: 7,
      battery: 100,
      gsmSignal: 0x1d,
      attributes: { odometer: 108_000, status: 0x20e0, cid: 0xf91e, lac: 0xa067 },
    });
    expect(p!.lat).toBeCloseTo(54 + 19.3631 / 60, 6);
    expect(p!.lng).toBeCloseTo(-(6 + 21.3423 / 60), 6);
  });

  it('confirms older long-format records with (P35), and reads an invalid fix and a charging battery', () => {
    // ... 06086750 | 10653335 0c: flags C = not valid, south, east; battery 0xFF: charging.
    const message = one('long 0x16, invalid fix, charging');
    expect(text(message.reply)).toBe('(P35)');
    expect(message.positions[0]).toMatchObject({ valid: false, charging: true });
    expect(message.positions[0]!.lat).toBeCloseTo(-(6 + 8.675 / 60), 6);
    expect(message.positions[0]!.battery).toBeUndefined();
  });

  it('reads a record without a fix (0,0 in 2000) as the unit state at the server time', () => {
    const message = one('long 0x17, no fix, sensors');
    expect(message.positions).toEqual([]);
    expect(message.status).toEqual({
      serial: '7581029743',
      time: NOW,
      battery: 100,
      gsmSignal: 0x1b,
      attributes: { cid: 0x1aba, lac: 0x1b6f, odometer: 1000, status: 0x20e0 },
    });
    expect(text(message.reply)).toBe('(P35)');
  });

  it('reads the U, P45 and @JT text reports and answers them as the protocol says', () => {
    const u01 = one('U01');
    expect(u01.positions[0]).toMatchObject({
      serial: '3301210003',
      deviceTime: new Date('2012-08-04T18:53:02Z'),
      lat: 22.564025,
      lng: 113.242329,
      valid: true,
      course: 152,
      satellites: 9,
      battery: 32,
      gsmSignal: 22,
      attributes: { status: 0b11, cid: 10133, lac: 5173, odometer: 100_000, index: 1 },
    });
    expect(u01.positions[0]!.speed).toBeCloseTo(5.21 * 1.609344, 6); // mph
    expect(one('U06, west').positions[0]).toMatchObject({
      lng: -25.060708,
      attributes: { alarmCode: 4 },
    });
    const p45 = one('P45 padlock');
    expect(p45.positions[0]).toMatchObject({
      deviceTime: new Date('2022-03-29T13:24:12Z'),
      lat: -25.28217,
      lng: -57.54683,
      attributes: { eventSource: 5, index: 9 },
    });
    expect(one('@JT keep-alive').status).toEqual({ serial: '3460311327', time: NOW });
  });

  it('reads the W01 report: NMEA degrees and minutes, longitude first, km/h', () => {
    // 11404.6204,E = 114 + 4.6204 / 60 = 114.077007; 2232.9961,N = 22.549935.
    const [p] = one('W01, unit 3110312099').positions;
    expect(p).toMatchObject({
      deviceTime: new Date('2011-05-04T06:37:36Z'),
      speed: 4,
      speedUnit: 'kmh',
    });
    expect(p!.lat).toBeCloseTo(22.549935, 6);
    expect(p!.lng).toBeCloseTo(114.077007, 6);
  });

  it('decodes frames that arrive together, binary and text mixed, and waits for a split one', () => {
    const session = jt600Protocol.createSession();
    const stream = Buffer.concat([
      Buffer.from(JT600_COALESCED, 'hex'),
      fixture('@JT keep-alive (frame test)'),
      Buffer.from('\r\n'),
      fixture('long 0x16, unit 7560405553'),
    ]);
    const { messages } = decode(stream, session);
    expect(messages.map((m) => decodedKind([m]))).toEqual([
      'status',
      'status',
      'status',
      'status',
      'position',
    ]);
    expect(session.serial).toBe('7560405553');
    const bytes = fixture('long 0x19, unit 8041300978');
    expect(jt600Protocol.decode(session, bytes.subarray(0, 30), NOW)).toEqual({
      consumed: 0,
      messages: [],
    });
    expect(jt600Protocol.decode(session, Buffer.from('(3460311327,@J'), NOW)).toEqual({
      consumed: 0,
      messages: [],
    });
  });

  it('refuses bytes that are no JT600 frame, and frames too long to be one', () => {
    const session = jt600Protocol.createSession();
    expect(() => jt600Protocol.decode(session, Buffer.from('GET / HTTP/1.1\r\n'), NOW)).toThrow(
      "JT600 frame must start with '$' (binary) or '(' (text), got 474554202f204854",
    );
    const long = Buffer.from(fixture('type 1, unit 3110216001'));
    long.writeUInt16BE(0xffff, 7);
    expect(() => jt600Protocol.decode(session, long, NOW)).toThrow(
      'JT600 binary frame must be at most 4096 bytes, got 65545',
    );
    expect(() => jt600Protocol.decode(session, Buffer.from(`(${'1'.repeat(600)}`), NOW)).toThrow(
      "JT600 text frame has no ')' within 512 bytes",
    );
  });

  it("skips bytes that start no frame once the unit is known, up to its next frame (not another unit's)", () => {
    const session = decode(fixture('long 0x19, unit 8041300978')).session;
    const other = fixture('U01'); // unit 3301210003
    const own = fixture('long 0x19, unit 8041300978');
    const junk = Buffer.from('7f7f', 'hex');
    const read = decode(Buffer.concat([junk, other, own]), session);
    expect(read.messages.map((m) => [m.serial, m.positions.length])).toEqual([['8041300978', 1]]);
    expect(read.notices).toEqual([
      {
        kind: 'skipped-bytes',
        detail: `${junk.length + other.length} byte(s) that start no JT600 frame skipped`,
      },
    ]);
    // Without a frame of the unit in sight, the last bytes wait: they may be its start.
    const waiting = jt600Protocol.decode(session, Buffer.from('ff2480', 'hex'), NOW);
    expect(waiting).toMatchObject({ consumed: 0, messages: [] });
  });

  it('drops a record whose time is not BCD and keeps the others of its frame', () => {
    const bent = Buffer.from(fixture('type 2, 6 records'));
    bent[9 + 27 * 2 + 2] = 0xaa; // the third record's year
    const { messages, notices } = decode(bent);
    expect(messages[0]!.positions).toHaveLength(5);
    expect(notices).toEqual([
      {
        kind: 'rejected-record',
        detail: 'JT600 time must be ddMMyyHHmmss in BCD, got 0906aa080513; record dropped',
      },
    ]);
  });

  it('drops a bent text report with a notice, unanswered, naming its unit', () => {
    const { messages, notices } = decode(
      Buffer.from(
        '(3301210003,U01,040812,185302,T,22.564025,N,113.242329,E,5.21,152,9,32,0,10133,5173,22,100,1)',
      ),
    );
    expect(messages).toEqual([{ serial: '3301210003', positions: [] }]);
    expect(notices).toEqual([
      {
        kind: 'skipped-frame',
        detail: 'JT600 U01 battery and status must be <n>% and bits, got 32,0; frame dropped',
      },
    ]);
  });
});
