import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { CCE_HEX, COMMAND_ANSWER } from './meitrack.fixtures';
import { encodeMeitrackCommand } from './meitrack.encoder';

// The Meitrack listener over real TCP, fed a CCE capture of a T3xx unit (IMEI 865789024140495)
// and the D03 answer of IMEI 353358017784062, both as published in Traccar's
// MeitrackProtocolDecoderTest.
const f = listenerFixture('meitrack');
describe('Meitrack listener', () => {
  it('stores a CCE record as the current position, answers nothing, and carries a command', async () => {
    const device = await f.unit('865789024140495');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const socket = await f.tcp();
    socket.write(Buffer.from(CCE_HEX, 'hex'));
    expect(await committed).toMatchObject({ timestamp: '2018-02-12T00:41:20.000Z' });
    const row = await f.current(device.id);
    expect([row!.lat, row!.lng]).toEqual([47.068393, 15.440636]);

    // CCE is not answered: the next bytes the unit gets are the command.
    const command = Buffer.from(encodeMeitrackCommand({ serial: device.serial }, 'A10')).toString();
    f.command(device.serial, 'A10');
    expect(await socket.text(command.length)).toBe(command);
    socket.close();
  });

  it('passes a unit’s answer to a command on to the sender', async () => {
    await f.unit('353358017784062');
    const answered = f.nextAnswer();
    const socket = await f.tcp();
    socket.write(COMMAND_ANSWER);
    expect(await answered).toBe('353358017784062 D03,OK');
    socket.close();
  });

  it("takes the simulator's Meitrack units (npm run simulate speaks it)", async () => {
    const device = await f.unit('353358017099005');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'meitrack' }],
      ports: { meitrack: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
