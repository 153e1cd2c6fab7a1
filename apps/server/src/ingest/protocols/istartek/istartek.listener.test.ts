import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startSimulator } from '@waymark/simulator/simulator';
import { queryRows } from '../../../db/client';
import { currentPositions } from '../../../db/schema';
import { startListeners } from '../../listeners';
import {
  createAccount,
  createDevice,
  createModel,
  createTestApp,
  type TestApp,
} from '../../../test/test-app';
import { nextCommitted, trackerSocket } from '../../../test/tracker-socket';
import { encodeIstartekReport, type IstartekLocation } from './istartek.device';
import { ANSWER, REPORT } from './istartek.fixtures';

// The iStartek listener over real TCP, fed the 2023 report and a command answer of Traccar's
// StartekProtocolDecoderTest (istartek.fixtures.ts), then what a live unit sends.
let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
beforeAll(async () => {
  t = await createTestApp();
  ingest = await startListeners(
    t.ctx,
    { osmand: 0, gt06: 0, teltonika: 0, istartek: 0 },
    t.app.log,
  );
});
afterAll(async () => {
  await ingest.close();
  await t.close();
});

async function unit(serial: string) {
  const account = await createAccount(t);
  const model = await createModel(t, { protocol: 'istartek' });
  return createDevice(t, account, { model_id: model.id, serial });
}

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
    const device = await unit('863911061945394');
    const socket = await trackerSocket(ingest.listeners.istartek!.port);
    const committed = nextCommitted(t.ctx.bus, device.id);
    socket.write(REPORT);
    await committed;
    const history = await queryRows<{ at_capture_time: boolean; lat: number; lng: number }>(
      t.db,
      sql`SELECT fix_time = '2023-09-18T07:25:31Z'::timestamptz AS at_capture_time, lat, lng
          FROM positions WHERE device_id = ${device.id}`,
    );
    expect(history).toEqual([{ at_capture_time: true, lat: 22.678598, lng: 114.04597 }]);

    const fix = live(1);
    const next = nextCommitted(t.ctx.bus, device.id);
    socket.write(encodeIstartekReport(device.serial, fix, 1));
    expect(await next).toMatchObject({ timestamp: fix.time.toISOString() });
    const [row] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, device.id));
    expect([row!.lat, row!.lng, row!.fix_time]).toEqual([22.6786, 114.046, fix.time]);

    // Reports are not answered: the next bytes the unit gets are the command (Traccar's encoder
    // test gives the same frame for its unit 123456789012345).
    t.ctx.bus.publish('command.queued', {
      device_message_id: 1,
      serial: device.serial,
      text: '900,1,1',
    });
    const command = '$$:24,863911061945394,900,1,1';
    const sent = await socket.text(command.length + 4);
    expect(sent.slice(0, command.length)).toBe(command);
    expect(sent.endsWith('\r\n')).toBe(true);
    const answered = new Promise<string>((resolve) =>
      t.ctx.bus.subscribe('command.answered', (e) => resolve(`${e.serial} ${e.text}`)),
    );
    socket.write(
      ANSWER.replace('860262050015424', device.serial).replace(/..\r\n$/, '') + '00\r\n',
    );
    expect(await answered).toBe('863911061945394 129,OK');
    socket.close();
  });

  it('stays open through a wrong checksum and a wrong length, reading both', async () => {
    const device = await unit('868825064282040');
    const socket = await trackerSocket(ingest.listeners.istartek!.port);
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
      const stop = t.ctx.bus.subscribe('positions.committed', ({ positions }) => {
        const mine = positions.find((p) => p.device_id === device.id);
        if (mine?.position.timestamp !== fix.time.toISOString()) return;
        stop();
        resolve();
      });
    });
    socket.write(badSum + badLength);
    socket.write(encodeIstartekReport(device.serial, fix, 4));
    await current;
    const [stored] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM positions WHERE device_id = ${device.id}`,
    );
    expect(stored!.n).toBe(3);
    expect(ingest.listeners.istartek!.metrics.malformed).toBe(0);
    socket.close();
  });

  it("takes the simulator's iStartek units (npm run simulate speaks it)", async () => {
    const device = await unit('359339075099555');
    const committed = nextCommitted(t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'istartek' }],
      ports: { istartek: ingest.listeners.istartek!.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0, connected: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
