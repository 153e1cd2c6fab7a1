import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { TELTONIKA_UDP_CAPTURES } from './teltonika.captures';
import { encodeTeltonikaUdp } from './teltonika.device';

// The Teltonika UDP listener over a real UDP socket: the field capture of Traccar's
// TeltonikaProtocolDecoderTest (IMEI 357454072713975, see teltonika.captures.ts), then what a
// live unit sends, then datagrams a device may bend.
const FIELD = Buffer.from(TELTONIKA_UDP_CAPTURES['UDP Codec 8']![0]!.hex, 'hex');

const f = listenerFixture('teltonikaUdp');

/** The device's UDP socket; answers as hex. */
async function deviceSocket() {
  const socket = await f.udp();
  return { ...socket, answer: async () => (await socket.answer()).toString('hex') };
}

describe('Teltonika UDP listener', () => {
  it('stores a datagram in history and current position, then answers with its packet IDs and count', async () => {
    const device = await f.unit('357454072713975');
    const socket = await deviceSocket();

    // The 2017 field capture goes to the history; its answer comes once it is stored.
    await socket.send(FIELD);
    expect(await socket.answer()).toBe('0005cafe012201');
    expect(await f.history(device.id)).toEqual([
      { fix_time: new Date(0x15d3766f6a8), lat: 0x1ec6215e / 1e7, lng: 0x003eef96 / 1e7 },
    ]);

    // A live report moves the current position.
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    await socket.send(
      encodeTeltonikaUdp('357454072713975', 0x0001, 0x23, [
        { time, lat: 51.6305, lng: 0.4131, altitude: 90, angle: 110, satellites: 9, speedKmh: 40 },
      ]),
    );
    expect(await committed).toMatchObject({ timestamp: time.toISOString() });
    expect(await socket.answer()).toBe('0005000101' + '2301');
    const row = await f.current(device.id);
    expect([row!.lat, row!.lng, row!.fix_time]).toEqual([51.6305, 0.4131, time]);
    socket.close();
  });

  it('drops a keep-alive byte, a datagram shorter than its length and one whose records are bent, and serves the next', async () => {
    const device = await f.unit('352093086400001');
    const socket = await deviceSocket();
    const metrics = f.listener.metrics;
    const before = { ...metrics };
    const report = (packetId: number, minute: number) =>
      encodeTeltonikaUdp('352093086400001', packetId, packetId, [
        {
          time: new Date(`2026-11-30T12:${String(minute).padStart(2, '0')}:00Z`),
          lat: 54.6872,
          lng: 25.2797,
          altitude: 120,
          angle: 45,
          satellites: 11,
          speedKmh: 30,
        },
      ]);

    await socket.send(Buffer.from([0xff]));
    const short = report(1, 1);
    await socket.send(short.subarray(0, short.length - 5)); // length field says 5 bytes more
    const bent = report(2, 2);
    bent[bent.length - 1] = 2; // record counts disagree: 1 at the start, 2 at the end
    await socket.send(bent);
    await socket.send(report(3, 3));

    // Only the good datagram is answered (UDP keeps their order on the loopback).
    expect(await socket.answer()).toBe('0005000301' + '0301');
    expect(socket.pending()).toBe(0);
    expect(metrics.malformed - before.malformed).toBe(2);
    expect(metrics.skippedFrames - before.skippedFrames).toBe(1);
    expect(await f.history(device.id)).toHaveLength(1);
    socket.close();
  });

  it("takes the simulator's Teltonika UDP units (npm run simulate speaks it)", async () => {
    const device = await f.unit('352093086409999');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'teltonikaUdp' }],
      ports: { teltonikaUdp: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
