import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { encodeIstartekReport, type IstartekLocation } from './istartek.device';
import { ANSWER, REPORT } from './istartek.fixtures';

// The iStartek listener over real TCP, fed the 2023 report and a command answer of Traccar's
// StartekProtocolDecoderTest (istartek.fixtures.ts), then what a live unit sends.
const f = listenerFixture('istartek');

const live = (minutesAgo: number): IstartekLocation => ({
  time: new Date(Math.floor(Date.now() / 1000) * 1000 - minutesAgo * 60_000),
  lat: 22.6786,
  lng: 114.046,
  speedKmh: 30,
  course: 90,
  altitude: 70,
  satellites: 12,
  valid: true,
  ignition: true,
  event: 0,
});

describe('iStartek listener', () => {
  it('stores an old report in history and a live one as the current position; a command and its answer', async () => {
    const device = await f.unit('863911061945394');
    const socket = await f.tcp();
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(REPORT);
    await committed;
    expect(await f.history(device.id)).toEqual([
      { fix_time: new Date('2023-09-18T07:25:31Z'), lat: 22.678598, lng: 114.04597 },
    ]);

    const fix = live(1);
    const next = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(encodeIstartekReport(device.serial, fix, 1));
    expect(await next).toMatchObject({ timestamp: fix.time.toISOString() });
    const row = await f.current(device.id);
    expect([row!.lat, row!.lng, row!.fix_time]).toEqual([22.6786, 114.046, fix.time]);

    // Reports are not answered: the next bytes the unit gets are the command (Traccar's encoder
    // test gives the same frame for its unit 123456789012345).
    f.command(device.serial, '900,1,1');
    const command = '$$:24,863911061945394,900,1,1';
    const sent = await socket.text(command.length + 4);
    expect(sent.slice(0, command.length)).toBe(command);
    expect(sent.endsWith('\r\n')).toBe(true);
    const answered = f.nextAnswer();
    socket.write(
      ANSWER.replace('860262050015424', device.serial).replace(/..\r\n$/, '') + '00\r\n',
    );
    expect(await answered).toBe('863911061945394 129,OK');
    socket.close();
  });

  it('stays open through a wrong checksum and a wrong length, reading both', async () => {
    const device = await f.unit('868825064282040');
    const socket = await f.tcp();
    const good = encodeIstartekReport(device.serial, live(3), 2).toString('latin1');
    const badSum = good.replace(
      /(..)\r\n$/,
      (_m, sum: string) => `${sum === '00' ? '01' : '00'}\r\n`,
    );
    const badLength = encodeIstartekReport(device.serial, live(2), 3)
      .toString('latin1')
      .replace(
        /^&&(.)(\d+),/,
        (_m, index: string, length: string) => `&&${index}${Number(length) - 2},`,
      );
    // The live fix is the newest: the current position is it once all three are stored.
    const fix = live(1);
    const current = new Promise<void>((resolve) => {
      const stop = f.t.ctx.bus.subscribe('positions.committed', ({ positions }) => {
        const mine = positions.find((p) => p.device_id === device.id);
        if (mine?.position.timestamp !== fix.time.toISOString()) return;
        stop();
        resolve();
      });
    });
    socket.write(badSum + badLength);
    socket.write(encodeIstartekReport(device.serial, fix, 4));
    await current;
    expect(await f.history(device.id)).toHaveLength(3);
    expect(f.listener.metrics.malformed).toBe(0);
    socket.close();
  });

  it("takes the simulator's iStartek units (npm run simulate speaks it)", async () => {
    const device = await f.unit('359339075099555');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'istartek' }],
      ports: { istartek: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0, connected: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
