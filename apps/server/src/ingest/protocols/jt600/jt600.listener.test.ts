import { describe, expect, it, vi } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { fixture } from './jt600.fixtures';
import { encodeJt600U01, encodeJt701Location, type Jt600Location } from './jt600.device';

// The JT600 listener over real TCP: the JT701 capture of unit 8041300978 and the U01 of unit
// 3301210003 of Traccar's Jt600ProtocolDecoderTest (jt600.fixtures.ts), then what a live unit
// sends, then frames a unit may bend.
const f = listenerFixture('jt600');
/** One answer: the text frame up to its ')'. */
const answerOf = async (socket: Awaited<ReturnType<typeof f.tcp>>) =>
  (await socket.until((b) => b.includes(0x29))).toString('latin1');

const live = (minutesAgo: number): Jt600Location => ({
  time: new Date(Math.floor(Date.now() / 1000) * 1000 - minutesAgo * 60_000),
  lat: 54.3227,
  lng: -6.3557,
  speedKmh: 37,
  course: 90,
  satellites: 8,
  valid: true,
  battery: 90,
});

describe('JT600 listener', () => {
  it('stores the 2021 capture in history and confirms it, then a live record moves the current position, and a command goes out', async () => {
    const device = await f.unit('8041300978');
    const socket = await f.tcp();
    socket.write(fixture('long 0x19, unit 8041300978'));
    expect(await answerOf(socket)).toBe('(P69,0,110)');
    const history = await f.history(device.id);
    expect(history.map((h) => h.fix_time.toISOString())).toEqual(['2021-10-06T07:54:43.000Z']);
    expect(history[0]!.lat).toBeCloseTo(54.322718, 5);

    const fix = live(1);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(encodeJt701Location(device.serial, 42, fix));
    expect(await committed).toMatchObject({ timestamp: fix.time.toISOString() });
    expect(await answerOf(socket)).toBe('(P69,0,42)');
    const row = await f.current(device.id);
    expect(row!.fix_time).toEqual(fix.time);
    expect(row!.lat).toBeCloseTo(54.3227, 5);

    f.command(device.serial, 'S17');
    expect(await answerOf(socket)).toBe('(S17)');
    socket.close();
  });

  it('answers a U01 with (S39) once stored, and keeps the connection through a bent report', async () => {
    const device = await f.unit('3301210003');
    const socket = await f.tcp();
    socket.write(fixture('U01'));
    expect(await answerOf(socket)).toBe('(S39)');
    expect((await f.history(device.id)).map((h) => h.fix_time.toISOString())).toEqual([
      '2012-08-04T18:53:02.000Z',
    ]);
    // A report with a battery field that is not one is not answered (the unit sends it again).
    socket.write(
      '(3301210003,U01,040812,185302,T,22.564025,N,113.242329,E,5,152,9,x,0,1,1,22,0,2)',
    );
    const fix = live(2);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(encodeJt600U01(device.serial, 3, fix));
    expect(await answerOf(socket)).toBe('(S39)');
    expect(await committed).toMatchObject({ timestamp: fix.time.toISOString() });
    expect(f.listener.metrics.skippedFrames).toBeGreaterThanOrEqual(1);
    socket.close();
  });

  it("takes the simulator's long-format units, which send the binary record, and confirms each", async () => {
    const device = await f.unit('8041300979');
    const skipped = f.listener.metrics.skippedFrames;
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'jt600' }],
      ports: { jt600: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    // The stored record's (P69,0,<index>) reaches the unit, which counts it as its ack.
    await vi.waitFor(() => expect(simulator.stats.acked).toBeGreaterThan(0));
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0, connected: 0 });
    expect(f.listener.metrics.skippedFrames).toBe(skipped);
  });

  it("takes the simulator's JT600 units (npm run simulate speaks it)", async () => {
    const device = await f.unit('359339075099780');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'jt600' }],
      ports: { jt600: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0, connected: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
