import { describe, expect, it } from 'vitest';
import { watchProtocol } from './watch.decoder';
import { encodeWatchAlarm, encodeWatchLink, encodeWatchLocation } from './watch.device';
import type { WatchLocation } from './watch.device';

const NOW = new Date('2024-05-01T12:00:00Z');
const ID = '8800000015';
const LOCATION: WatchLocation = {
  time: new Date('2024-05-01T11:59:30Z'),
  lat: 51.5007,
  lng: -0.1246,
  speedKmh: 4.5,
  course: 180,
  altitude: 12,
  satellites: 8,
  valid: true,
  battery: 76,
  steps: 5230,
};

function decodeOne(frame: Buffer) {
  const result = watchProtocol.decode(watchProtocol.createSession(), frame, NOW);
  expect(result.consumed).toBe(frame.length);
  return result.messages[0]!;
}

describe('Watch device encoder', () => {
  it('writes the link-keep the server answers with LK', () => {
    const frame = encodeWatchLink(ID, 76, 5230);
    expect(frame.toString()).toBe('[3G*8800000015*000C*LK,5230,0,76]');
    const message = decodeOne(frame);
    expect(Buffer.from(message.reply!).toString()).toBe('[3G*8800000015*0002*LK]');
    expect(message.status).toMatchObject({ battery: 76, attributes: { steps: 5230 } });
  });

  it('round-trips a UD position: time, coordinates, km/h, battery, steps, cell; no answer', () => {
    const message = decodeOne(encodeWatchLocation(ID, LOCATION));
    expect(message.reply).toBeUndefined();
    expect(message.positions[0]).toMatchObject({
      serial: ID,
      deviceTime: LOCATION.time,
      lat: 51.5007,
      lng: -0.1246,
      speed: 4.5,
      speedUnit: 'kmh',
      course: 180,
      altitude: 12,
      satellites: 8,
      battery: 76,
      valid: true,
      attributes: { steps: 5230 },
      cell: { mcc: 310, mnc: 410 },
    });
  });

  it.each([['sos'], ['lowBattery'], ['geofence'], ['tamper']] as const)(
    'round-trips a %s alarm through the status bits; the server answers AL',
    (alarm) => {
      const message = decodeOne(encodeWatchAlarm(ID, { ...LOCATION, alarm }));
      expect(message.positions[0]).toMatchObject({ alarm });
      expect(Buffer.from(message.reply!).toString()).toBe('[3G*8800000015*0002*AL]');
    },
  );
});
