import { describe, expect, it } from 'vitest';
import { gps103Protocol } from './gps103.decoder';
import { encodeGps103Heartbeat, encodeGps103Location, encodeGps103Login } from './gps103.device';
import type { Gps103Location } from './gps103.device';

const NOW = new Date('2024-05-01T12:00:00Z');
const IMEI = '359339075012345';
const LOCATION: Gps103Location = {
  time: new Date('2024-05-01T11:59:30Z'),
  lat: -33.8688,
  lng: 151.2093,
  speedKmh: 50,
  course: 90,
  valid: true,
};

function decode(frames: Buffer[]) {
  const bytes = Buffer.concat(frames);
  const result = gps103Protocol.decode(gps103Protocol.createSession(), bytes, NOW);
  expect(result.consumed).toBe(bytes.length);
  return result.messages;
}

describe('GPS103 device encoder', () => {
  it('writes a report in the Coban layout, its clock on UTC', () => {
    expect(encodeGps103Location(IMEI, LOCATION).toString()).toBe(
      'imei:359339075012345,tracker,240501115930,,F,115930.000,A,3352.1280,S,15112.5580,E,27.00,90.00;',
    );
  });

  it('logs on, beats and reports; the server answers LOAD and ON and stores the fix', () => {
    const [login, beat, report] = decode([
      encodeGps103Login(IMEI),
      encodeGps103Heartbeat(IMEI),
      encodeGps103Location(IMEI, LOCATION),
    ]);
    expect(Buffer.from(login!.reply!).toString()).toBe('LOAD');
    expect(Buffer.from(beat!.reply!).toString()).toBe('ON');
    const [p] = report!.positions;
    expect(p).toMatchObject({ serial: IMEI, deviceTime: LOCATION.time, valid: true, course: 90 });
    expect(p!.speed! * 1.852).toBeCloseTo(50, 1);
    expect(Math.abs(p!.lat - LOCATION.lat)).toBeLessThan(2e-6);
    expect(Math.abs(p!.lng - LOCATION.lng)).toBeLessThan(2e-6);
  });

  it.each([
    ['sos'],
    ['lowBattery'],
    ['overspeed'],
    ['geofence'],
    ['powerCut'],
    ['vibration'],
  ] as const)('round-trips a %s alarm as its keyword', (alarm) => {
    const [message] = decode([encodeGps103Location(IMEI, { ...LOCATION, alarm })]);
    expect(message!.positions[0]).toMatchObject({ alarm });
  });
});
