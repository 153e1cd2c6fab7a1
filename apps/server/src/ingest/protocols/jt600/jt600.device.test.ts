import { describe, expect, it } from 'vitest';
import { jt600Protocol } from './jt600.decoder';
import {
  encodeJt600KeepAlive,
  encodeJt600U01,
  encodeJt701Location,
  type Jt600Location,
} from './jt600.device';

// The simulator's units against the decoder: what they send reads back, and is confirmed.
const NOW = new Date('2024-05-01T12:00:00Z');
const fix: Jt600Location = {
  time: new Date('2024-05-01T11:59:30Z'),
  lat: -33.868812,
  lng: 151.209301,
  speedKmh: 42.6,
  course: 271,
  satellites: 9,
  valid: true,
  battery: 77,
  odometerKm: 1234,
};
const reply = (b: Uint8Array | undefined) => (b ? Buffer.from(b).toString() : undefined);

describe('a JT600-family unit', () => {
  it('sends a JT701 binary record that reads back and asks for its (P69,0,<index>)', () => {
    const session = jt600Protocol.createSession();
    const frame = encodeJt701Location('8041300978', 77, fix);
    expect(frame.length).toBe(49);
    const { messages, notices } = jt600Protocol.decode(session, frame, NOW);
    expect(notices).toBeUndefined();
    expect(reply(messages[0]!.reply)).toBe('(P69,0,77)');
    const [p] = messages[0]!.positions;
    expect(p).toMatchObject({
      serial: '8041300978',
      deviceTime: fix.time,
      valid: true,
      speed: 23, // 42.6 km/h in whole knots
      speedUnit: 'knots',
      course: 272, // in steps of 2°
      satellites: 9,
      battery: 77,
      attributes: { odometer: 1_234_000 },
    });
    expect(p!.lat).toBeCloseTo(fix.lat, 5); // ten-thousandths of a minute
    expect(p!.lng).toBeCloseTo(fix.lng, 5);
  });

  it('sends U01 reports (confirmed (S39)) and keep-alives with an ID of any length', () => {
    const session = jt600Protocol.createSession();
    const stream = Buffer.concat([
      encodeJt600U01('350000000000042', 5, fix),
      encodeJt600KeepAlive('350000000000042'),
    ]);
    const { messages, notices } = jt600Protocol.decode(session, stream, NOW);
    expect(notices).toBeUndefined();
    expect(reply(messages[0]!.reply)).toBe('(S39)');
    expect(messages[0]!.positions[0]).toMatchObject({
      serial: '350000000000042',
      deviceTime: fix.time,
      lat: fix.lat,
      lng: fix.lng,
      course: 271,
      battery: 77,
      attributes: { index: 5, odometer: 1_234_000 },
    });
    expect(messages[0]!.positions[0]!.speed).toBeCloseTo(42.6, 1);
    expect(messages[1]!.status).toEqual({ serial: '350000000000042', time: NOW });
  });

  it('refuses a binary ID that is no long-format unit', () => {
    expect(() => encodeJt701Location('3110216001', 1, fix)).toThrow(
      'JT701 unit ID must be 10 digits starting with 7, 8 or 9, got 3110216001',
    );
  });
});
