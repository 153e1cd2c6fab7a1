import { describe, expect, it } from 'vitest';
import { wialonProtocol } from './wialon.decoder';
import {
  encodeWialonBlackBox,
  encodeWialonData,
  encodeWialonDatagram,
  encodeWialonLogin,
  type WialonLocation,
  type WialonVersion,
} from './wialon.device';
import { encodeWialonCommand } from './wialon.encoder';

// The simulator's unit against the decoder, in both versions: what it sends reads back.
const NOW = new Date('2024-05-01T12:00:00Z');
const fix: WialonLocation = {
  time: new Date('2024-05-01T11:59:30Z'),
  lat: -33.8688,
  lng: 151.2093,
  speedKmh: 42.5,
  course: 270,
  altitude: 58,
  satellites: 9,
  inputs: 1,
  params: { pwr_ext: 12.6, odometer: 1200, fw: 'sim-1' },
};

describe.each<WialonVersion>(['1.1', '2.0'])('a Wialon IPS %s unit', (version) => {
  it('logs in, and its data and black box read back with CRC16 checked', () => {
    const session = wialonProtocol.createSession();
    const stream = Buffer.concat([
      encodeWialonLogin('865905021129390', version),
      encodeWialonData(fix, version),
      encodeWialonBlackBox([fix, { ...fix, time: new Date('2024-05-01T11:58:30Z') }], version),
    ]);
    const { messages, notices } = wialonProtocol.decode(session, stream, NOW);
    expect(notices).toBeUndefined();
    expect(messages.map((m) => Buffer.from(m.reply!).toString())).toEqual([
      '#AL#1\r\n',
      '#AD#1\r\n',
      '#AB#2\r\n',
    ]);
    const [p] = messages[1]!.positions;
    expect(p).toMatchObject({
      serial: '865905021129390',
      deviceTime: fix.time,
      speed: 42.5,
      course: 270,
      altitude: 58,
      satellites: 9,
      valid: true,
      attributes: { input: 1, pwr_ext: 12.6, odometer: 1200, fw: 'sim-1' },
    });
    expect(p!.lat).toBeCloseTo(fix.lat, 5);
    expect(p!.lng).toBeCloseTo(fix.lng, 5);
    expect(session.version).toBe(version);
  });

  it('sends a datagram that names its unit', () => {
    const [m] = wialonProtocol.decode({}, encodeWialonDatagram('777', fix, version), NOW).messages;
    expect(m!.positions[0]!.serial).toBe('777');
  });

  it('gets commands as #M# (2.0 with its CRC16)', () => {
    const text = Buffer.from(encodeWialonCommand({ serial: '1', version }, 'reboot')).toString();
    expect(text).toBe(version === '2.0' ? '#M#reboot;E0E9\r\n' : '#M#reboot\r\n');
  });
});
