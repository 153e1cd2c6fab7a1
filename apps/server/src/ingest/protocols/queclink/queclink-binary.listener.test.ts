import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { encodeQueclinkFri } from './queclink.device';
import type { QueclinkLocation } from './queclink.device';
import { encodeQueclinkBinaryFri, encodeQueclinkBinaryHeartbeat } from './queclink-binary.device';
import { RSP_FRI } from './queclink-binary.fixtures';

// The Queclink port over real TCP in HEX mode: Traccar's GB100 +RSP capture (IMEI
// 865084030003675, queclink-binary.fixtures.ts), then what a live unit sends, in HEX and ASCII
// on the one connection.
const f = listenerFixture('queclink');
const IMEI = '865084030003675';

const live = (minutesAgo: number, lat: number): QueclinkLocation => ({
  time: new Date(Math.floor(Date.now() / 1000) * 1000 - minutesAgo * 60_000),
  lat,
  lng: -9.068207,
  speedKmh: 41.5,
  course: 270,
  altitude: 126,
  accuracy: 1,
  battery: 77,
});

describe('Queclink listener, HEX mode', () => {
  it('SACKs the 2017 capture as history, moves the current position on a live HEX report, and takes ASCII and HEX on one connection', async () => {
    const device = await f.unit(IMEI);
    const socket = await f.tcp();
    socket.write(Buffer.from(RSP_FRI, 'hex'));
    expect(await socket.text('+SACK:19E1$'.length)).toBe('+SACK:19E1$');
    const history = await f.history(device.id);
    expect(history.map((h) => h.fix_time.toISOString())).toEqual(['2017-08-01T08:26:42.000Z']);

    const fix = live(2, 39.62);
    let committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(encodeQueclinkBinaryFri(IMEI, fix, 0x0101));
    expect(await committed).toMatchObject({ timestamp: fix.time.toISOString() });
    expect(await socket.text('+SACK:0101$'.length)).toBe('+SACK:0101$');
    expect((await f.current(device.id))!.lat).toBeCloseTo(39.62, 5);

    // The same unit switched to ASCII: the next report moves the position again.
    const text = live(1, 39.63);
    committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(encodeQueclinkFri(IMEI, text, 0x0102));
    expect(await committed).toMatchObject({ timestamp: text.time.toISOString() });
    expect(await socket.text('+SACK:0102$'.length)).toBe('+SACK:0102$');

    // A buffered report (+BSP) from before keeps its time: history, the current position stays.
    const older = encodeQueclinkBinaryFri(IMEI, live(30, 39.5), 0x0103);
    older.write('+BSP', 'latin1');
    socket.write(older);
    expect(await socket.text('+SACK:0103$'.length)).toBe('+SACK:0103$');
    expect((await f.history(device.id)).map((h) => h.lat)).toContain(39.5);
    expect((await f.current(device.id))!.lat).toBeCloseTo(39.63, 5);

    socket.write(encodeQueclinkBinaryHeartbeat(IMEI, new Date(), 0x0104));
    expect(await socket.text('+SACK:GTHBD,450102,0104$'.length)).toBe('+SACK:GTHBD,450102,0104$');
    socket.close();
  });

  it("takes the simulator's HEX units, whose reports the server SACKs", async () => {
    // Every third IMEI (…002) speaks HEX in the simulator.
    const device = await f.unit('860599000099002');
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
