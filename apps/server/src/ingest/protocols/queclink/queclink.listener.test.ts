import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { FRI, HEARTBEAT } from './queclink.fixtures';

// The Queclink listener over real TCP, fed the @Track document's GTFRI and GTHBD examples
// (IMEI 135790246811220, as published in Traccar's Gl200TextProtocolDecoderTest).
const f = listenerFixture('queclink');
describe('Queclink listener', () => {
  it('SACKs the heartbeat and the stored GTFRI, and carries a command and its +ACK', async () => {
    const device = await f.unit('135790246811220');
    const answered = f.nextAnswer();
    const socket = await f.tcp();
    socket.write(HEARTBEAT);
    expect(await socket.text('+SACK:GTHBD,1A0401,11F0$'.length)).toBe('+SACK:GTHBD,1A0401,11F0$');

    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(FRI);
    expect(await committed).toMatchObject({ timestamp: '2009-02-14T01:32:54.000Z' });
    expect(await socket.text('+SACK:11F0$'.length)).toBe('+SACK:11F0$');
    const row = await f.current(device.id);
    expect([row!.lat, row!.lng]).toEqual([31.222073, 121.354335]);

    f.command(device.serial, 'AT+GTRTO=gl300,8,,,,,,FFFF');
    expect(await socket.text('AT+GTRTO=gl300,8,,,,,,FFFF$'.length)).toBe(
      'AT+GTRTO=gl300,8,,,,,,FFFF$',
    );
    socket.write('+ACK:GTRTO,1A0800,135790246811220,GL300,VER,FFFF,20161006053520,0C19$');
    expect(await answered).toBe('135790246811220 GTRTO,VER,FFFF,20161006053520,0C19');
    socket.close();
  });

  it("takes the simulator's GL300 units, whose reports the server SACKs", async () => {
    const device = await f.unit('860599000099004');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'queclink' }],
      ports: { queclink: f.listener.port },
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
