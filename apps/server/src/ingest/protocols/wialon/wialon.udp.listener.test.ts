import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { encodeWialonBlackBox, encodeWialonDatagram, type WialonLocation } from './wialon.device';
import { UDP_SHORT_DATA } from './wialon.fixtures';

// Wialon IPS over a real UDP socket: the UDP-form short data packet of Traccar's
// WialonProtocolDecoderTest (unit 99999999, wialon.fixtures.ts), then what a live 2.0 unit sends.
const f = listenerFixture('wialonUdp');

const live = (minutesAgo: number): WialonLocation => ({
  time: new Date(Math.floor(Date.now() / 1000) * 1000 - minutesAgo * 60_000),
  lat: 59.9343,
  lng: 30.3351,
  speedKmh: 35,
  course: 180,
  altitude: 20,
  satellites: 10,
});

describe('Wialon IPS UDP listener', () => {
  it('stores a datagram in history and current position, then answers it as over TCP', async () => {
    const device = await f.unit('99999999');
    const socket = await f.udp();

    // The 2013 capture goes to the history; its #ASD#1 comes once it is stored.
    await socket.send(UDP_SHORT_DATA);
    expect((await socket.answer()).toString('latin1')).toBe('#ASD#1\r\n');
    const history = await f.history(device.id);
    expect(history.map((h) => h.fix_time.toISOString())).toEqual(['2013-04-27T20:56:01.000Z']);
    // 55°44.6025' N, 37°39.6834' E.
    expect(history[0]!.lat).toBeCloseTo(55 + 44.6025 / 60, 6);
    expect(history[0]!.lng).toBeCloseTo(37 + 39.6834 / 60, 6);

    // A live 2.0 report (version, IMEI, then #D# with its CRC16) moves the current position.
    const fix = live(1);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    await socket.send(encodeWialonDatagram(device.serial, fix, '2.0'));
    expect(await committed).toMatchObject({ timestamp: fix.time.toISOString() });
    expect((await socket.answer()).toString('latin1')).toBe('#AD#1\r\n');
    const row = await f.current(device.id);
    expect([row!.lat, row!.lng, row!.fix_time]).toEqual([59.9343, 30.3351, fix.time]);
    socket.close();
  });

  it('answers a black box with the records stored, a bad CRC16 with its code, a ping; drops garbage and serves the next', async () => {
    const device = await f.unit('865905021129391');
    const socket = await f.udp();
    const metrics = f.listener.metrics;
    const malformed = metrics.malformed;
    const prefix = `2.0;${device.serial}`;
    const datagram = (packet: Buffer | string) =>
      Buffer.concat([Buffer.from(prefix), Buffer.from(packet)]);

    await socket.send(datagram(encodeWialonBlackBox([live(9), live(8), live(7)], '2.0')));
    expect((await socket.answer()).toString('latin1')).toBe('#AB#3\r\n');

    const good = encodeWialonDatagram(device.serial, live(6), '2.0').toString('latin1');
    const crc = good.slice(-6, -2);
    await socket.send(good.replace(`${crc}\r\n`, `${crc === '0000' ? '0001' : '0000'}\r\n`));
    expect((await socket.answer()).toString('latin1')).toBe('#AD#16\r\n');

    // Not a Wialon packet at all: dropped unanswered and counted; then a ping without its line
    // ending (a datagram is a packet by itself) is still answered.
    await socket.send('\x00\x01garbage');
    await socket.send(datagram('#P#'));
    expect((await socket.answer()).toString('latin1')).toBe('#AP#\r\n');
    expect(socket.pending()).toBe(0);
    expect(metrics.malformed - malformed).toBe(1);
    expect(await f.history(device.id)).toHaveLength(3);
    socket.close();
  });

  it("takes the simulator's Wialon IPS UDP units (npm run simulate speaks it)", async () => {
    const device = await f.unit('359339075099778');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'wialonUdp' }],
      ports: { wialonUdp: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
