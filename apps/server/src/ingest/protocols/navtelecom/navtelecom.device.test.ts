import { describe, expect, it } from 'vitest';
import { navtelecomProtocol } from './navtelecom.decoder';
import {
  DEVICE_FIELDS,
  encodeNavtelecomArchive,
  encodeNavtelecomCommandAnswer,
  encodeNavtelecomIdentification,
  encodeNavtelecomNegotiation,
  type NavtelecomRecord,
} from './navtelecom.device';
import { TRACCAR } from './navtelecom.fixtures';

const NOW = new Date('2024-05-01T12:00:00Z');
const record = (index: number, minute: number): NavtelecomRecord => ({
  index,
  time: new Date(Date.UTC(2024, 3, 30, 9, minute)),
  lat: -33.8688,
  lng: 151.2093,
  speedKmh: 61.25,
  course: 270,
  altitude: 58,
  satellites: 14,
  ignition: false,
  powerMv: 12_450,
  batteryMv: 3_950,
});

describe('Navtelecom device (the simulator’s unit)', () => {
  it('sends *>S in the layout of the Traccar capture', () => {
    expect(encodeNavtelecomIdentification('866795031410689').toString('hex')).toBe(
      TRACCAR.identification,
    );
  });

  it('is read back by the decoder: handshakes, then an archive of two records', () => {
    const session = navtelecomProtocol.createSession();
    const stream = Buffer.concat([
      encodeNavtelecomIdentification('866795031410699'),
      encodeNavtelecomNegotiation(),
      encodeNavtelecomArchive([record(1, 0), record(2, 1)]),
      encodeNavtelecomCommandAnswer('V=1.2.3'),
    ]);
    const { consumed, messages } = navtelecomProtocol.decode(session, stream, NOW);
    expect(consumed).toBe(stream.length);
    expect(session.flex?.fields).toEqual(DEVICE_FIELDS);
    const [, , archive, answer] = messages;
    expect(archive!.positions).toHaveLength(2);
    expect(archive!.positions[1]).toMatchObject({
      deviceTime: new Date('2024-04-30T09:01:00Z'),
      satellites: 14,
      speed: 61.25,
      course: 270,
      altitude: 58,
      ignition: false,
      batteryVoltage: 3.95,
      attributes: { index: 2, externalVoltage: 12.45 },
    });
    expect(archive!.positions[1]!.lat).toBeCloseTo(-33.8688, 5);
    expect(archive!.positions[1]!.lng).toBeCloseTo(151.2093, 5);
    expect(answer!.commandResponse).toBe('*@V=1.2.3');
  });
});
