import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { wialonCrc } from './wialon.crc';
import { encodeWialonData, encodeWialonLogin, type WialonLocation } from './wialon.device';
import { LOGIN_11, PING, SHORT_DATA } from './wialon.fixtures';

// The Wialon IPS listener over real TCP, fed the 1.1 login and the short data packet of
// Traccar's WialonProtocolDecoderTest (wialon.fixtures.ts), then what a live 2.0 unit sends.
const f = listenerFixture('wialon');
const live = (minutesAgo: number): WialonLocation => ({
  time: new Date(Math.floor(Date.now() / 1000) * 1000 - minutesAgo * 60_000),
  lat: 55.7434,
  lng: 37.6614,
  speedKmh: 20,
  course: 90,
  altitude: 150,
  satellites: 8,
});

describe('Wialon IPS listener', () => {
  it('answers the login and ping, stores an old fix in history and a live one as the current position', async () => {
    const device = await f.unit('123456789012345');
    const socket = await f.tcp();
    const line = async () => (await socket.until((b) => b.includes('\n'))).toString('latin1');
    socket.write(LOGIN_11);
    expect(await line()).toBe('#AL#1\r\n');
    socket.write(PING);
    expect(await line()).toBe('#AP#\r\n');

    // The 2013 report goes to the history; its #ASD#1 comes once it is stored.
    socket.write(SHORT_DATA);
    expect(await line()).toBe('#ASD#1\r\n');
    const history = await f.history(device.id);
    expect(history.map((h) => h.fix_time.toISOString())).toEqual(['2013-04-27T20:56:01.000Z']);
    expect(history[0]!.lat).toBeCloseTo(55.743375, 6);

    const fix = live(1);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(encodeWialonData(fix, '1.1'));
    expect(await committed).toMatchObject({ timestamp: fix.time.toISOString() });
    expect(await line()).toBe('#AD#1\r\n');
    const row = await f.current(device.id);
    expect([row!.lat, row!.lng, row!.fix_time]).toEqual([55.7434, 37.6614, fix.time]);

    // A command goes out as a message to the unit.
    f.command(device.serial, 'reboot');
    expect(await line()).toBe('#M#reboot\r\n');
    socket.close();
  });

  it('keeps a 2.0 connection open through a bad CRC16 and a wrong field count, answering each', async () => {
    const device = await f.unit('865905021129390');
    const socket = await f.tcp();
    const line = async () => (await socket.until((b) => b.includes('\n'))).toString('latin1');
    socket.write(encodeWialonLogin(device.serial, '2.0'));
    expect(await line()).toBe('#AL#1\r\n');

    const good = encodeWialonData(live(3), '2.0').toString('utf8');
    const crc = good.slice(-6, -2);
    socket.write(good.replace(`${crc}\r\n`, `${crc === '0000' ? '0001' : '0000'}\r\n`));
    expect(await line()).toBe('#AD#16\r\n');
    // Short data with one field missing (and its CRC16 right) is a structure error.
    const short = encodeWialonData(live(3), '2.0')
      .toString('utf8')
      .split(';')
      .slice(0, 9)
      .join(';');
    const body = short.slice('#D#'.length);
    socket.write(`#SD#${body};${wialonCrc(`${body};`)}\r\n`);
    expect(await line()).toBe('#ASD#-1\r\n');

    const fix = live(2);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(encodeWialonData(fix, '2.0'));
    expect(await line()).toBe('#AD#1\r\n');
    expect(await committed).toMatchObject({ timestamp: fix.time.toISOString() });
    expect(f.listener.metrics.malformed).toBe(0);
    socket.close();
  });

  it("takes the simulator's Wialon IPS units (npm run simulate speaks it)", async () => {
    const device = await f.unit('359339075099777');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'wialon' }],
      ports: { wialon: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0, connected: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
