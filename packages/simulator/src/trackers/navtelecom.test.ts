import { describe, expect, it } from 'vitest';
import { navtelecomProtocol } from '../../../../apps/server/src/ingest/protocols/navtelecom/navtelecom.decoder';
import type { Fix } from '../trips/fix';
import { navtelecomDialect } from './navtelecom';

const NOW = new Date('2024-05-01T12:00:00Z');
const SERIAL = '350000000000017';
const FIX: Fix = {
  time: new Date('2024-05-01T11:59:00Z'),
  lat: 55.7558,
  lng: 37.6173,
  speedKmh: 48,
  course: 180,
  altitude: 150,
  fix: 'gps',
  accuracy: 5,
  satellites: 8,
  battery: 90,
  charging: false,
  ignition: true,
};

describe('simulated Navtelecom unit', () => {
  it('is understood by the server and reads its answers: greeted on *<FLEX, acked on ~A', () => {
    const session = navtelecomProtocol.createSession();
    const greeting = navtelecomProtocol.decode(session, navtelecomDialect.greeting!(SERIAL), NOW);
    const [identified, negotiated] = greeting.messages;
    expect(identified!.serial).toBe(SERIAL);
    const read = navtelecomDialect.read!;
    // The server's *<S does not open the way for fixes yet; its *<FLEX does.
    expect(read(Buffer.from(identified!.reply!))).toEqual({ consumed: 19 });
    expect(read(Buffer.from(negotiated!.reply!))).toEqual({ consumed: 25, greeted: true });

    const report = navtelecomProtocol.decode(session, navtelecomDialect.fix(SERIAL, FIX, 3), NOW);
    const [message] = report.messages;
    expect(message!.positions[0]).toMatchObject({
      serial: SERIAL,
      deviceTime: FIX.time,
      speed: 48,
      course: 180,
      ignition: true,
      attributes: { index: 3 },
    });
    expect(read(Buffer.from(message!.reply!))).toEqual({ consumed: 4, acked: 1 });
  });

  it('waits for the rest of a split answer and refuses bytes that are no answer', () => {
    const read = navtelecomDialect.read!;
    expect(read(Buffer.from('404e5443', 'hex'))).toEqual({ consumed: 0 });
    expect(read(Buffer.from('7e41', 'hex'))).toEqual({ consumed: 0 });
    expect(() => read(Buffer.from('2323', 'hex'))).toThrow('Navtelecom answer must be');
  });
});
