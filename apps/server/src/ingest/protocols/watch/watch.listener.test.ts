import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { AL, LINK, UD } from './watch.fixtures';

// The Watch listener over real TCP, fed the Watch protocol document's LK, UD and AL frames
// (ID 8800000015, as published in Traccar's WatchProtocolDecoderTest).
const f = listenerFixture('watch');
describe('Watch listener', () => {
  it('answers LK and AL, stores UD as the current position, and carries a command and its echo', async () => {
    const device = await f.unit('8800000015');
    const answered = f.nextAnswer();
    const socket = await f.tcp();
    socket.write(LINK);
    expect(await socket.text(23)).toBe('[SG*8800000015*0002*LK]');

    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(UD);
    expect(await committed).toMatchObject({ timestamp: '2014-04-22T13:46:52.000Z', battery: 90 });
    const row = await f.current(device.id);
    expect([row!.lat, row!.lng]).toEqual([22.571707, 113.8613968]);

    // UD is not answered: the next bytes are the AL acknowledgement.
    socket.write(AL.replace('134652', '134752'));
    expect(await socket.text(23)).toBe('[SG*8800000015*0002*AL]');

    f.command(device.serial, 'CR');
    expect(await socket.text(23)).toBe('[SG*8800000015*0002*CR]');
    socket.write('[SG*8800000015*0002*CR]');
    expect(await answered).toBe('8800000015 CR');
    socket.close();
  });

  it("takes the simulator's watches (npm run simulate speaks it)", async () => {
    const device = await f.unit('8800000099');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'watch' }],
      ports: { watch: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
