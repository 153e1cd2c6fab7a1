import { describe, expect, it } from 'vitest';
import { suntechProtocol } from './suntech.decoder';
import {
  encodeSuntechKeepAlive,
  encodeSuntechReport,
  type SuntechLocation,
} from './suntech.device';
import { encodeSuntechCommand } from './suntech.encoder';

// The simulator's ST300 against the decoder: what it sends reads back.
const NOW = new Date('2024-05-01T12:00:00Z');
const fix: SuntechLocation = {
  time: new Date('2024-05-01T11:59:30Z'),
  lat: -33.868812,
  lng: 151.209301,
  speedKmh: 42.5,
  course: 270,
  satellites: 9,
  valid: true,
  ignition: true,
  odometer: 120_000,
  power: 12.6,
};

describe('a Suntech ST300 unit', () => {
  it('sends status reports, emergencies and keep-alives that read back', () => {
    const session = suntechProtocol.createSession();
    const stream = Buffer.concat([
      encodeSuntechReport('205173382', fix, 7),
      encodeSuntechReport('205173382', { ...fix, alarm: 'sos' }, 8),
      encodeSuntechKeepAlive('205173382'),
    ]);
    const { messages, notices } = suntechProtocol.decode(session, stream, NOW);
    expect(notices).toBeUndefined();
    expect(messages[0]!.positions[0]).toMatchObject({
      serial: '205173382',
      deviceTime: fix.time,
      lat: fix.lat,
      lng: fix.lng,
      speed: 42.5,
      course: 270,
      satellites: 9,
      valid: true,
      ignition: true,
      attributes: { odometer: 120_000, power: 12.6, index: 7 },
    });
    expect(messages[1]!.positions[0]!.alarm).toBe('sos');
    expect(Buffer.from(messages[1]!.reply!).toString()).toBe('ST300CMD;205173382;02;AckEmerg\r');
    expect(messages[2]!.status).toEqual({ serial: '205173382', time: NOW });
    expect(session).toEqual({ serial: '205173382', model: 'ST300' });
  });

  it('gets commands in its dialect, universal units in theirs', () => {
    const text = (session: { serial: string; model: string }, command: string) =>
      Buffer.from(encodeSuntechCommand(session, command)).toString();
    expect(text({ serial: '205173382', model: 'ST300' }, 'StatusReq')).toBe(
      'ST300CMD;205173382;02;StatusReq\r',
    );
    expect(text({ serial: '100850000', model: '' }, '04;01')).toBe('CMD;100850000;04;01\r');
    expect(text({ serial: '1', model: 'ST300' }, 'ST300CMD;1;02;Reboot')).toBe(
      'ST300CMD;1;02;Reboot\r',
    );
  });
});
