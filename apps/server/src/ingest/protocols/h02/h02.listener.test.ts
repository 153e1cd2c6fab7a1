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
import { DOC_V1, DOC_V4_S20 } from './h02.fixtures';

// The H02 listener over real TCP, fed the V1 example of the H02 protocol document V1.0.5 §3.1.
let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
beforeAll(async () => {
  t = await createTestApp();
  ingest = await startListeners(t.ctx, { osmand: 0, gt06: 0, teltonika: 0, h02: 0 }, t.app.log);
});
afterAll(async () => {
  await ingest.close();
  await t.close();
});

describe('H02 listener', () => {
  it('stores a real V1 as the current position, answers nothing, and carries commands and answers', async () => {
    const account = await createAccount(t);
    const model = await createModel(t, { protocol: 'h02' });
    const device = await createDevice(t, account, {
      model_id: model.id,
      serial: '353505910449999',
    });
    const answered = new Promise<string>((resolve) =>
      t.ctx.bus.subscribe('command.answered', (e) => resolve(`${e.serial} ${e.text}`)),
    );
    const committed = nextCommitted(t.ctx.bus, device.id);
    const tracker = await trackerSocket(ingest.listeners.h02!.port);
    tracker.write(DOC_V1);

    const position = await committed;
    expect(position).toMatchObject({ timestamp: '2014-08-18T05:28:25.000Z', battery: 90 });
    const [row] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, device.id));
    expect(row!.lat).toBeCloseTo(22.657017, 6);
    expect(row!.lng).toBeCloseTo(114.014708, 6);
    expect(row!.fix_time).toEqual(new Date('2014-08-18T05:28:25Z'));

    // §2.1: V1 is not answered. The listener writes a frame's reply before the pipeline's
    // next step, so the first bytes the tracker gets now are the command, not an ack.
    t.ctx.bus.publish('command.queued', {
      device_message_id: 1,
      serial: device.serial,
      text: 'CR',
    });
    expect(await tracker.text('*HQ,353505910449999,CR#'.length)).toBe('*HQ,353505910449999,CR#');

    tracker.write(DOC_V4_S20.replace('2020916012', '353505910449999'));
    expect(await answered).toBe('353505910449999 S20,80');
    tracker.close();
  });

  it("takes the simulator's H02 trackers (npm run simulate speaks it)", async () => {
    const account = await createAccount(t);
    const model = await createModel(t, { protocol: 'h02' });
    const device = await createDevice(t, account, {
      model_id: model.id,
      serial: '359339075099001',
    });
    const committed = nextCommitted(t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'h02' }],
      ports: { h02: ingest.listeners.h02!.port },
      rate: 1,
    });
    const position = await committed;
    await simulator.stop();
    expect(position.device_id).toBe(device.id);
    expect(simulator.stats).toMatchObject({ errors: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
