import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { DOC_V1, DOC_V4_S20 } from './h02.fixtures';

// The H02 listener over real TCP, fed the V1 example of the H02 protocol document V1.0.5 §3.1.
const f = listenerFixture('h02');

describe('H02 listener', () => {
  it('stores a real V1 as the current position, answers nothing, and carries commands and answers', async () => {
    const device = await f.unit('353505910449999');
    const answered = f.nextAnswer();
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const tracker = await f.tcp();
    tracker.write(DOC_V1);

    const position = await committed;
    expect(position).toMatchObject({ timestamp: '2014-08-18T05:28:25.000Z', battery: 90 });
    const row = await f.current(device.id);
    expect(row!.lat).toBeCloseTo(22.657017, 6);
    expect(row!.lng).toBeCloseTo(114.014708, 6);
    expect(row!.fix_time).toEqual(new Date('2014-08-18T05:28:25Z'));

    // §2.1: V1 is not answered. The listener writes a frame's reply before the pipeline's
    // next step, so the first bytes the tracker gets now are the command, not an ack.
    f.command(device.serial, 'CR');
    expect(await tracker.text('*HQ,353505910449999,CR#'.length)).toBe('*HQ,353505910449999,CR#');

    tracker.write(DOC_V4_S20.replace('2020916012', '353505910449999'));
    expect(await answered).toBe('353505910449999 S20,80');
    tracker.close();
  });

  it("takes the simulator's H02 trackers (npm run simulate speaks it)", async () => {
    const device = await f.unit('359339075099001');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'h02' }],
      ports: { h02: f.listener.port },
      rate: 1,
    });
    const position = await committed;
    await simulator.stop();
    expect(position.device_id).toBe(device.id);
    expect(simulator.stats).toMatchObject({ errors: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
