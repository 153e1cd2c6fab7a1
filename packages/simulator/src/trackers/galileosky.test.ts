import { describe, expect, it } from 'vitest';
import { galileoskyProtocol } from '../../../../apps/server/src/ingest/protocols/galileosky/galileosky.decoder';
import { encodeGalileoskyCommand } from '../../../../apps/server/src/ingest/protocols/galileosky/galileosky.encoder';
import type { Fix } from '../trips/fix';
import { galileoskyDialect } from './galileosky';

const NOW = new Date('2024-05-01T12:00:00Z');
const SERIAL = '350000000000001';
const FIX: Fix = {
  time: new Date('2024-05-01T11:59:00Z'),
  lat: 36.1627,
  lng: -86.7816,
  speedKmh: 96.5,
  course: 45,
  altitude: 180,
  fix: 'gps',
  accuracy: 6,
  satellites: 9,
  battery: 50,
  charging: false,
  ignition: true,
};

describe('the simulated Galileosky unit', () => {
  it('sends a head packet and a record per fix that the server reads and confirms', () => {
    const dialect = galileoskyDialect(SERIAL);
    const session = galileoskyProtocol.createSession();
    const head = galileoskyProtocol.decode(session, dialect.greeting!(SERIAL), NOW).messages[0]!;
    const fix = galileoskyProtocol.decode(session, dialect.fix(SERIAL, FIX, 1), NOW).messages[0]!;
    expect(fix.positions[0]).toMatchObject({
      serial: SERIAL,
      deviceTime: FIX.time,
      lat: 36.1627,
      lng: -86.7816,
      speed: 96.5,
      course: 45,
      satellites: 9,
      valid: true,
      batteryVoltage: 3.9, // 3.6 V empty + 0.006 V a percent
      attributes: { externalVoltage: 13.8, index: 1 },
    });
    // The head packet's confirmation lets fixes go; a record's counts as its ack.
    expect(dialect.read!(Buffer.from(head.reply!))).toEqual({ consumed: 3, greeted: true });
    expect(dialect.read!(Buffer.from(fix.reply!))).toEqual({ consumed: 3, acked: 1 });
    expect(dialect.read!(Buffer.from(fix.reply!).subarray(0, 2))).toEqual({ consumed: 0 });
  });

  it('marks a fix under a roof as coordinates not found, and skips a command it does not act on', () => {
    const dialect = galileoskyDialect(SERIAL);
    const session = galileoskyProtocol.createSession();
    galileoskyProtocol.decode(session, dialect.greeting!(SERIAL), NOW);
    const record = dialect.fix(SERIAL, { ...FIX, fix: 'wifi', satellites: 0 }, 2);
    const [p] = galileoskyProtocol.decode(session, record, NOW).messages[0]!.positions;
    expect(p).toMatchObject({ valid: false, satellites: 0 });
    const command = Buffer.from(encodeGalileoskyCommand(session, 'status', 1));
    expect(dialect.read!(command)).toEqual({ consumed: command.length });
    expect(() => dialect.read!(Buffer.from('7878', 'hex'))).toThrow(
      'Galileosky answer must start with 0x02, got 0x78',
    );
  });
});
