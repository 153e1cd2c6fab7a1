import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import {
  encodeSuntechKeepAlive,
  encodeSuntechReport,
  type SuntechLocation,
} from './suntech.device';
import { EMG, STT } from './suntech.fixtures';

// The Suntech listener over real TCP, fed the ST300 status report and the SA200 emergency of
// Traccar's SuntechProtocolDecoderTest (suntech.fixtures.ts), then what a live ST300 sends.
const f = listenerFixture('suntech');
const live = (serial: string, minutesAgo: number): [SuntechLocation, Buffer] => {
  const fix: SuntechLocation = {
    time: new Date(Math.floor(Date.now() / 1000) * 1000 - minutesAgo * 60_000),
    lat: 19.2883,
    lng: -99.1288,
    speedKmh: 30,
    course: 90,
    satellites: 9,
    valid: true,
    ignition: true,
    odometer: 1000,
    power: 12.5,
  };
  return [fix, encodeSuntechReport(serial, fix, minutesAgo)];
};

describe('Suntech listener', () => {
  it('stores an old report in history and a live one as the current position, and carries a command', async () => {
    const device = await f.unit('205173382');
    const socket = await f.tcp();
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(`${STT}\r`);
    await committed;
    expect(await f.history(device.id)).toEqual([
      { fix_time: new Date('2016-03-22T23:23:18Z'), lat: 19.288278, lng: -99.12875 },
    ]);

    const [fix, report] = live(device.serial, 1);
    const next = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(report);
    expect(await next).toMatchObject({ timestamp: fix.time.toISOString() });
    const row = await f.current(device.id);
    expect([row!.lat, row!.lng, row!.fix_time]).toEqual([19.2883, -99.1288, fix.time]);

    // Reports are not answered: the next bytes the unit gets are the command.
    f.command(device.serial, 'StatusReq');
    const command = 'ST300CMD;205173382;02;StatusReq\r';
    expect(await socket.text(command.length)).toBe(command);
    socket.close();
  });

  it('acknowledges an emergency once stored, and stays open through a keep-alive and a short report', async () => {
    const device = await f.unit('317652');
    const socket = await f.tcp();
    socket.write(encodeSuntechKeepAlive(device.serial));
    const short = `${live(device.serial, 4)[1].toString('latin1').split(';').slice(0, 10).join(';')}\r`;
    socket.write(short);
    socket.write(`${EMG}\r`);
    const ack = 'SA200CMD;317652;02;AckEmerg\r';
    expect(await socket.text(ack.length)).toBe(ack);
    expect(await f.history(device.id)).toHaveLength(1);

    const [fix, report] = live(device.serial, 2);
    const next = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(report);
    expect(await next).toMatchObject({ timestamp: fix.time.toISOString() });
    expect(f.listener.metrics.malformed).toBe(0);
    socket.close();
  });

  it("takes the simulator's Suntech units (npm run simulate speaks it)", async () => {
    const device = await f.unit('359339075099888');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'suntech' }],
      ports: { suntech: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0, connected: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
