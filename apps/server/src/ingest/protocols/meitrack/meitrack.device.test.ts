import { describe, expect, it } from 'vitest';
import { meitrackProtocol } from './meitrack.decoder';
import { encodeMeitrackAaa, meitrackFlag, MEITRACK_EVENTS } from './meitrack.device';
import type { MeitrackLocation } from './meitrack.device';

const NOW = new Date('2024-05-01T12:00:00Z');
const IMEI = '353358017784062';
const LOCATION: MeitrackLocation = {
  time: new Date('2024-05-01T11:59:30Z'),
  lat: -33.8688,
  lng: 151.2093,
  speedKmh: 48,
  course: 270,
  altitude: 58,
  satellites: 10,
  valid: true,
  mileage: 120500,
};

function decodeOne(frame: Buffer) {
  const result = meitrackProtocol.decode(meitrackProtocol.createSession(), frame, NOW);
  expect(result.consumed).toBe(frame.length);
  return result.messages[0]!;
}

describe('Meitrack device encoder', () => {
  it('round-trips an AAA report: its length and checksum check out, the fix comes back', () => {
    const [p] = decodeOne(encodeMeitrackAaa(IMEI, LOCATION, 3)).positions;
    expect(p).toMatchObject({
      serial: IMEI,
      deviceTime: LOCATION.time,
      lat: -33.8688,
      lng: 151.2093,
      speed: 48,
      course: 270,
      altitude: 58,
      satellites: 10,
      valid: true,
      attributes: { event: 35, mileage: 120500 },
    });
  });

  it('sends SOS and low battery as their event codes', () => {
    expect(
      decodeOne(encodeMeitrackAaa(IMEI, LOCATION, 4, MEITRACK_EVENTS.sos)).positions[0],
    ).toMatchObject({
      alarm: 'sos',
    });
    expect(
      decodeOne(encodeMeitrackAaa(IMEI, LOCATION, 5, MEITRACK_EVENTS.lowBattery)).positions[0],
    ).toMatchObject({ alarm: 'lowBattery' });
  });

  it('cycles the data identifier through A..z', () => {
    expect([0, 25, 57, 58].map(meitrackFlag)).toEqual(['A', 'Z', 'z', 'A']);
  });
});
