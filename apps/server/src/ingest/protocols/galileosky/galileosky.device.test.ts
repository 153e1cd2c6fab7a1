import { describe, expect, it } from 'vitest';
import { galileoskyProtocol } from './galileosky.decoder';
import {
  encodeGalileoskyAnswer,
  encodeGalileoskyHead,
  encodeGalileoskyRecords,
  type GalileoskyLocation,
} from './galileosky.device';

// The simulator's Galileosky unit against the decoder: what it sends reads back.
const NOW = new Date('2024-05-01T12:00:00Z');
const IMEI = '861230045678901';
const fix: GalileoskyLocation = {
  time: new Date('2024-05-01T11:59:30Z'),
  lat: -33.868812,
  lng: 151.209301,
  speedKmh: 42.5,
  course: 270.4,
  altitude: 58,
  satellites: 9,
  hdop: 1.2,
  externalVoltage: 13.8,
  batteryVoltage: 4.05,
  index: 17,
  odometer: 120_000,
};

describe('a Galileosky unit', () => {
  it('sends a head packet, then records and a command answer that read back', () => {
    const session = galileoskyProtocol.createSession();
    const stream = Buffer.concat([
      encodeGalileoskyHead(IMEI, 3),
      encodeGalileoskyRecords(
        [fix, { ...fix, time: new Date('2024-05-01T11:59:40Z'), valid: false }],
        true,
      ),
      encodeGalileoskyAnswer(IMEI, 3, 9, 'Dev3 Soft=19 Nav=0'),
    ]);
    const { messages, notices } = galileoskyProtocol.decode(session, stream, NOW);
    expect(notices).toBeUndefined();
    expect(session).toEqual({ serial: IMEI, deviceNumber: 3 });
    expect(messages[0]).toMatchObject({ serial: IMEI, positions: [] });
    expect(messages[1]!.positions[0]).toEqual({
      serial: IMEI,
      deviceTime: fix.time,
      lat: -33.868812,
      lng: 151.209301,
      valid: true,
      fix: 'gps',
      satellites: 9,
      speed: 42.5,
      speedUnit: 'kmh',
      course: 270.4,
      altitude: 58,
      batteryVoltage: 4.05,
      attributes: { index: 17, hdop: 1.2, externalVoltage: 13.8, odometer: 120_000 },
    });
    expect(messages[1]!.positions[1]).toMatchObject({ valid: false });
    expect(messages[2]!.commandResponse).toBe('Dev3 Soft=19 Nav=0');
    // Each packet is confirmed with its own CRC, the last two bytes of what it sent.
    const crcs = [0, 1, 2].map((i) => Buffer.from(messages[i]!.reply!).subarray(1).toString('hex'));
    expect(new Set(crcs).size).toBe(3);
  });

  it('refuses an IMEI that is not 15 digits', () => {
    expect(() => encodeGalileoskyHead('12345', 1)).toThrow(
      'Galileosky IMEI must be 15 digits, got 12345',
    );
  });
});
