import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { HEARTBEAT, LOGIN, SOS } from './gps103.fixtures';

// The GPS103 listener over real TCP, fed the Coban document's log-on, heartbeat and SOS report
// (as published in Traccar's Gps103ProtocolDecoderTest).
const f = listenerFixture('gps103');

describe('GPS103 listener', () => {
  it('answers LOAD and ON, stores the report as the current position, and sends commands', async () => {
    const device = await f.unit('359586015829802');
    const socket = await f.tcp();
    socket.write(LOGIN);
    expect(await socket.text(4)).toBe('LOAD');
    socket.write(HEARTBEAT);
    expect(await socket.text(2)).toBe('ON');

    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(SOS);
    expect(await committed).toMatchObject({ timestamp: '2008-09-23T06:29:47.000Z' });
    const row = await f.current(device.id);
    expect(row!.lat).toBeCloseTo(22.573377, 6);
    expect(row!.lng).toBeCloseTo(113.905462, 6);

    // Reports are not answered: the next bytes the unit gets are the command.
    f.command(device.serial, 'B');
    expect(await socket.text('**,imei:359586015829802,B'.length)).toBe('**,imei:359586015829802,B');
    socket.close();
  });

  it("takes the simulator's GPS103 trackers (npm run simulate speaks it)", async () => {
    const device = await f.unit('359339075099002');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'gps103' }],
      ports: { gps103: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0, connected: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
