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
import { FRI, HEARTBEAT } from './queclink.fixtures';

// The Queclink listener over real TCP, fed the @Track document's GTFRI and GTHBD examples
// (IMEI 135790246811220, as published in Traccar's Gl200TextProtocolDecoderTest).
let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
beforeAll(async () => {
  t = await createTestApp();
  ingest = await startListeners(
    t.ctx,
    { osmand: 0, gt06: 0, teltonika: 0, queclink: 0 },
    t.app.log,
  );
});
afterAll(async () => {
  await ingest.close();
  await t.close();
});

async function unit(serial: string) {
  const account = await createAccount(t);
  const model = await createModel(t, { protocol: 'queclink' });
  return createDevice(t, account, { model_id: model.id, serial });
}

describe('Queclink listener', () => {
  it('SACKs the heartbeat and the stored GTFRI, and carries a command and its +ACK', async () => {
    const device = await unit('135790246811220');
    const answered = new Promise<string>((resolve) =>
      t.ctx.bus.subscribe('command.answered', (e) => resolve(`${e.serial} ${e.text}`)),
    );
    const socket = await trackerSocket(ingest.listeners.queclink!.port);
    socket.write(HEARTBEAT);
    expect(await socket.text('+SACK:GTHBD,1A0401,11F0$'.length)).toBe('+SACK:GTHBD,1A0401,11F0$');

    const committed = nextCommitted(t.ctx.bus, device.id);
    socket.write(FRI);
    expect(await committed).toMatchObject({ timestamp: '2009-02-14T01:32:54.000Z' });
    expect(await socket.text('+SACK:11F0$'.length)).toBe('+SACK:11F0$');
    const [row] = await t.db
      .select()
      .from(currentPositions)
      .where(eq(currentPositions.device_id, device.id));
    expect([row!.lat, row!.lng]).toEqual([31.222073, 121.354335]);

    t.ctx.bus.publish('command.queued', {
      device_message_id: 1,
      serial: device.serial,
      text: 'AT+GTRTO=gl300,8,,,,,,FFFF',
    });
    expect(await socket.text('AT+GTRTO=gl300,8,,,,,,FFFF$'.length)).toBe(
      'AT+GTRTO=gl300,8,,,,,,FFFF$',
    );
    socket.write('+ACK:GTRTO,1A0800,135790246811220,GL300,VER,FFFF,20161006053520,0C19$');
    expect(await answered).toBe('135790246811220 GTRTO,VER,FFFF,20161006053520,0C19');
    socket.close();
  });

  it("takes the simulator's GL300 units, whose reports the server SACKs", async () => {
    const device = await unit('860599000099004');
    const committed = nextCommitted(t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'queclink' }],
      ports: { queclink: ingest.listeners.queclink!.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    // The SACK leaves after the commit: wait for the simulator to count it.
    while (simulator.stats.acked === 0 && simulator.stats.errors === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0 });
    expect(simulator.stats.acked).toBeGreaterThan(0);
  });
});
