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
import { AL, LINK, UD } from './watch.fixtures';

// The Watch listener over real TCP, fed the Watch protocol document's LK, UD and AL frames
// (ID 8800000015, as published in Traccar's WatchProtocolDecoderTest).
let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
beforeAll(async () => {
  t = await createTestApp();
  ingest = await startListeners(t.ctx, { osmand: 0, gt06: 0, teltonika: 0, watch: 0 }, t.app.log);
});
afterAll(async () => {
  await ingest.close();
  await t.close();
});

async function watch(serial: string) {
  const account = await createAccount(t);
  const model = await createModel(t, { protocol: 'watch' });
  return createDevice(t, account, { model_id: model.id, serial });
}

describe('Watch listener', () => {
  it('answers LK and AL, stores UD as the current position, and carries a command and its echo', async () => {
    const device = await watch('8800000015');
    const answered = new Promise<string>((resolve) =>
      t.ctx.bus.subscribe('command.answered', (e) => resolve(`${e.serial} ${e.text}`)),
    );
    const socket = await trackerSocket(ingest.listeners.watch!.port);
    socket.write(LINK);
    expect(await socket.text(23)).toBe('[SG*8800000015*0002*LK]');

    const committed = nextCommitted(t.ctx.bus, device.id);
    socket.write(UD);
    expect(await committed).toMatchObject({ timestamp: '2014-04-22T13:46:52.000Z', battery: 90 });
    const [row] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, device.id));
    expect([row!.lat, row!.lng]).toEqual([22.571707, 113.8613968]);

    // UD is not answered: the next bytes are the AL acknowledgement.
    socket.write(AL.replace('134652', '134752'));
    expect(await socket.text(23)).toBe('[SG*8800000015*0002*AL]');

    t.ctx.bus.publish('command.queued', {
      device_message_id: 1,
      serial: device.serial,
      text: 'CR',
    });
    expect(await socket.text(23)).toBe('[SG*8800000015*0002*CR]');
    socket.write('[SG*8800000015*0002*CR]');
    expect(await answered).toBe('8800000015 CR');
    socket.close();
  });

  it("takes the simulator's watches (npm run simulate speaks it)", async () => {
    const device = await watch('8800000099');
    const committed = nextCommitted(t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'watch' }],
      ports: { watch: ingest.listeners.watch!.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
