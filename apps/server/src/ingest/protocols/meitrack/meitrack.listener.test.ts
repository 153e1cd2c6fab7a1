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
import { CCE_HEX, COMMAND_ANSWER } from './meitrack.fixtures';
import { encodeMeitrackCommand } from './meitrack.encoder';

// The Meitrack listener over real TCP, fed a CCE capture of a T3xx unit (IMEI 865789024140495)
// and the D03 answer of IMEI 353358017784062, both as published in Traccar's
// MeitrackProtocolDecoderTest.
let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
beforeAll(async () => {
  t = await createTestApp();
  ingest = await startListeners(
    t.ctx,
    { osmand: 0, gt06: 0, teltonika: 0, meitrack: 0 },
    t.app.log,
  );
});
afterAll(async () => {
  await ingest.close();
  await t.close();
});

async function unit(serial: string) {
  const account = await createAccount(t);
  const model = await createModel(t, { protocol: 'meitrack' });
  return createDevice(t, account, { model_id: model.id, serial });
}

describe('Meitrack listener', () => {
  it('stores a CCE record as the current position, answers nothing, and carries a command', async () => {
    const device = await unit('865789024140495');
    const committed = nextCommitted(t.ctx.bus, device.id);
    const socket = await trackerSocket(ingest.listeners.meitrack!.port);
    socket.write(Buffer.from(CCE_HEX, 'hex'));
    expect(await committed).toMatchObject({ timestamp: '2018-02-12T00:41:20.000Z' });
    const [row] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, device.id));
    expect([row!.lat, row!.lng]).toEqual([47.068393, 15.440636]);

    // CCE is not answered: the next bytes the unit gets are the command.
    const command = Buffer.from(encodeMeitrackCommand({ serial: device.serial }, 'A10')).toString();
    t.ctx.bus.publish('command.queued', {
      device_message_id: 1,
      serial: device.serial,
      text: 'A10',
    });
    expect(await socket.text(command.length)).toBe(command);
    socket.close();
  });

  it('passes a unit’s answer to a command on to the sender', async () => {
    await unit('353358017784062');
    const answered = new Promise<string>((resolve) =>
      t.ctx.bus.subscribe('command.answered', (e) => resolve(`${e.serial} ${e.text}`)),
    );
    const socket = await trackerSocket(ingest.listeners.meitrack!.port);
    socket.write(COMMAND_ANSWER);
    expect(await answered).toBe('353358017784062 D03,OK');
    socket.close();
  });

  it("takes the simulator's Meitrack units (npm run simulate speaks it)", async () => {
    const device = await unit('353358017099005');
    const committed = nextCommitted(t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'meitrack' }],
      ports: { meitrack: ingest.listeners.meitrack!.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
