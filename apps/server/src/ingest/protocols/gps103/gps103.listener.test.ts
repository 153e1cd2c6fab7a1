import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSimulator } from '@waymark/simulator/simulator';
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
import { HEARTBEAT, LOGIN, SOS } from './gps103.fixtures';

// The GPS103 listener over real TCP, fed the Coban document's log-on, heartbeat and SOS report
// (as published in Traccar's Gps103ProtocolDecoderTest).
let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
beforeAll(async () => {
  t = await createTestApp();
  ingest = await startListeners(t.ctx, { osmand: 0, gt06: 0, teltonika: 0, gps103: 0 }, t.app.log);
});
afterAll(async () => {
  await ingest.close();
  await t.close();
});

async function tracker(serial: string) {
  const account = await createAccount(t);
  const model = await createModel(t, { protocol: 'gps103' });
  return createDevice(t, account, { model_id: model.id, serial });
}

describe('GPS103 listener', () => {
  it('answers LOAD and ON, stores the report as the current position, and sends commands', async () => {
    const device = await tracker('359586015829802');
    const socket = await trackerSocket(ingest.listeners.gps103!.port);
    socket.write(LOGIN);
    expect(await socket.text(4)).toBe('LOAD');
    socket.write(HEARTBEAT);
    expect(await socket.text(2)).toBe('ON');

    const committed = nextCommitted(t.ctx.bus, device.id);
    socket.write(SOS);
    expect(await committed).toMatchObject({ timestamp: '2008-09-23T06:29:47.000Z' });
    const [row] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, device.id));
    expect(row!.lat).toBeCloseTo(22.573377, 6);
    expect(row!.lng).toBeCloseTo(113.905462, 6);

    // Reports are not answered: the next bytes the unit gets are the command.
    t.ctx.bus.publish('command.queued', { device_message_id: 1, serial: device.serial, text: 'B' });
    expect(await socket.text('**,imei:359586015829802,B'.length)).toBe('**,imei:359586015829802,B');
    socket.close();
  });

  it("takes the simulator's GPS103 trackers (npm run simulate speaks it)", async () => {
    const device = await tracker('359339075099002');
    const committed = nextCommitted(t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'gps103' }],
      ports: { gps103: ingest.listeners.gps103!.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0, connected: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
