import { describe, expect, it } from 'vitest';
import { queclinkProtocol } from '../../../../apps/server/src/ingest/protocols/queclink/queclink.decoder';
import type { Fix } from '../trips/fix';
import { queclinkBinaryDialect, queclinkDialect, queclinkDialectFor } from './queclink';

const NOW = new Date('2024-05-01T12:00:00Z');
const SERIAL = '860599000099002';
const FIX: Fix = {
  time: new Date('2024-05-01T11:59:00Z'),
  lat: -33.8688,
  lng: 151.2093,
  speedKmh: 48.3,
  course: 180,
  altitude: 20,
  fix: 'gps',
  accuracy: 5,
  satellites: 8,
  battery: 90,
  charging: false,
  ignition: true,
};

describe('simulated Queclink unit', () => {
  it('sends HEX from every third IMEI and ASCII from the others', () => {
    expect(queclinkDialectFor('860599000099002')).toBe(queclinkBinaryDialect);
    expect(queclinkDialectFor('860599000099003')).toBe(queclinkDialect);
    expect(queclinkDialectFor('860599000099004')).toBe(queclinkDialect);
  });

  it('in HEX mode is understood by the server and counts its ASCII SACK as the ack', () => {
    const session = queclinkProtocol.createSession();
    const frame = queclinkBinaryDialect.fix(SERIAL, FIX, 0x2a);
    expect(frame.subarray(0, 4).toString()).toBe('+RSP');
    const [message] = queclinkProtocol.decode(session, frame, NOW).messages;
    expect(message!.positions[0]).toMatchObject({
      serial: SERIAL,
      deviceTime: FIX.time,
      lat: -33.8688,
      lng: 151.2093,
      speed: 48.3,
      course: 180,
    });
    const read = queclinkBinaryDialect.read!;
    expect(read(Buffer.from(message!.reply!))).toEqual({ consumed: 11, acked: 1 });

    const heartbeat = queclinkBinaryDialect.heartbeat!(SERIAL, FIX, 0x2b);
    const [answered] = queclinkProtocol.decode(session, heartbeat, NOW).messages;
    // The heartbeat's SACK keeps the link up but acknowledges no fix.
    expect(read(Buffer.from(answered!.reply!))).toEqual({ consumed: 24, acked: 0 });
    expect(read(Buffer.from('+SACK:00'))).toEqual({ consumed: 0 });
  });
});
