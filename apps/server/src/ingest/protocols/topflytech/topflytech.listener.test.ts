import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { TOPFLYTECH_CAPTURES } from './topflytech.captures';
import {
  encodeTopflytechHeartbeat,
  encodeTopflytechLocation,
  type TopflytechLocation,
} from './topflytech.device';

// The Topflytech listener over real TCP: the login and alarm captures of Traccar's
// T800xProtocolDecoderTest (IMEI 357367031063979, topflytech.captures.ts), then what a live
// T8806 sends, then packets a unit may bend.
const f = listenerFixture('topflytech');
const bytes = (type: string, i = 0) => Buffer.from(TOPFLYTECH_CAPTURES[type]![i]!, 'hex');
const answerOf = async (socket: Awaited<ReturnType<typeof f.tcp>>) =>
  (await socket.until((b) => b.length >= 5 && b.length >= b.readUInt16BE(3))).toString('hex');

const live = (minutesAgo: number): TopflytechLocation => ({
  time: new Date(Math.floor(Date.now() / 1000) * 1000 - minutesAgo * 60_000),
  lat: 18.5204,
  lng: 73.8567,
  speedKmh: 36,
  course: 90,
  altitude: 560,
  satellites: 10,
  ignition: true,
  battery: 90,
});

describe('Topflytech listener', () => {
  it('answers the login, stores the 2015 alarm in history and acks it with its code, then a live report moves the current position', async () => {
    const device = await f.unit('357367031063979');
    const socket = await f.tcp();
    socket.write(bytes('0x2323 0x01 login', 1));
    expect(await answerOf(socket)).toBe('232301000f00020357367031063979');

    socket.write(bytes('0x2323 0x04 alarm'));
    expect(await answerOf(socket)).toBe('23230400100003035736703106397901');
    const history = await f.history(device.id);
    expect(history.map((h) => h.fix_time.toISOString())).toEqual(['2015-10-22T12:16:48.000Z']);
    expect(history[0]!.lat).toBeCloseTo(18.596584, 5);

    const fix = live(1);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(encodeTopflytechLocation(device.serial, 7, fix));
    expect(await committed).toMatchObject({ timestamp: fix.time.toISOString() });
    expect(await answerOf(socket)).toBe('232302000f00070357367031063979');
    const row = await f.current(device.id);
    expect(row!.fix_time).toEqual(fix.time);
    expect(row!.lat).toBeCloseTo(18.5204, 5);

    // A command goes out in the unit's header as packet 0x81.
    f.command(device.serial, 'STATUS#');
    expect(await answerOf(socket)).toBe(
      '232381' +
        '0017' +
        '0000' +
        '0357367031063979' +
        '01' +
        Buffer.from('STATUS#').toString('hex'),
    );
    socket.close();
  });

  it('keeps the connection open through a heartbeat and a report whose time is not BCD, and serves the next', async () => {
    const device = await f.unit('357367031069999');
    const socket = await f.tcp();
    socket.write(encodeTopflytechHeartbeat(device.serial, 1));
    expect(await answerOf(socket)).toBe('232303000f00010357367031069999');
    const bent = encodeTopflytechLocation(device.serial, 2, live(3));
    bent[15 + 29] = 0xaa; // the year
    socket.write(bent);
    const fix = live(2);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(encodeTopflytechLocation(device.serial, 3, fix));
    // The bent report is not answered (the unit sends it again); the next one is.
    expect(await answerOf(socket)).toBe('232302000f00030357367031069999');
    expect(await committed).toMatchObject({ timestamp: fix.time.toISOString() });
    expect(f.listener.metrics.skippedFrames).toBeGreaterThanOrEqual(1);
    socket.close();
  });

  it("takes the simulator's Topflytech units (npm run simulate speaks it)", async () => {
    const device = await f.unit('359339075099779');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'topflytech' }],
      ports: { topflytech: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0, connected: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
