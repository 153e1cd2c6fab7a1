import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { RUPTELA_CAPTURES } from './ruptela.captures';
import {
  encodeRuptelaCommandAnswer,
  encodeRuptelaHeartbeat,
  encodeRuptelaRecords,
} from './ruptela.device';

// The Ruptela listener over real TCP, fed a field capture of Traccar's RuptelaProtocolDecoderTest
// (IMEI 013227001564487, five records of 2014-01-19; see ruptela.captures.ts), then what a
// live unit sends.
const CAPTURE = Buffer.from(RUPTELA_CAPTURES['0x01 records']![4]!.hex, 'hex');
/** Command 100, data 01, CRC-16/KERMIT of 64 01 (Traccar answers the same bytes). */
const RECORDS_ACK = '0002640113bc';

const f = listenerFixture('ruptela');
const record = (time: Date, lat: number, lng: number) => ({
  time,
  lat,
  lng,
  speedKmh: 42,
  course: 90,
  altitude: 120,
  satellites: 9,
  ignition: true,
});

describe('Ruptela listener', () => {
  it('stores records in history and the current position, answering each packet once stored', async () => {
    const device = await f.unit('013227001564487');
    const socket = await f.tcp();
    socket.write(CAPTURE);
    expect((await socket.until((b) => b.length >= 6)).toString('hex')).toBe(RECORDS_ACK);
    const history = await f.history(device.id);
    expect(history.map((h) => [h.fix_time.toISOString(), h.lat, h.lng])).toEqual([
      ['2014-01-19T05:04:02.000Z', 44.972635, 41.0749733],
      ['2014-01-19T05:05:02.000Z', 44.9726233, 41.0749616],
      ['2014-01-19T05:06:02.000Z', 44.9726283, 41.0749733],
      ['2014-01-19T05:07:02.000Z', 44.97263, 41.074985],
      ['2014-01-19T05:08:02.000Z', 44.9726183, 41.0749716],
    ]);

    // A live record moves the current position.
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(encodeRuptelaRecords(device.serial, [record(time, 54.6872, 25.2797)]));
    expect(await committed).toMatchObject({ timestamp: time.toISOString() });
    expect((await socket.until((b) => b.length >= 6)).toString('hex')).toBe(RECORDS_ACK);
    const row = await f.current(device.id);
    expect([row!.lat, row!.lng, row!.fix_time]).toEqual([54.6872, 25.2797, time]);
    socket.close();
  });

  it('keeps the connection open through a heartbeat, a bad CRC and a wrong length', async () => {
    const serial = '863071016796570';
    await f.unit(serial);
    const packet = encodeRuptelaRecords(serial, [
      record(new Date('2026-11-30T12:00:00Z'), 54.6872, 25.2797),
    ]);
    const before = { ...f.listener.metrics };
    const socket = await f.tcp();
    const answer = async () => (await socket.until((b) => b.length >= 6)).toString('hex');

    socket.write(encodeRuptelaHeartbeat(serial));
    // 0x74 = 116, heartbeat (16) + 100.
    expect((await answer()).slice(0, 8)).toBe('00027401');

    const badCrc = Buffer.from(packet);
    badCrc[badCrc.length - 1]! ^= 0x5a;
    socket.write(badCrc);
    expect(await answer()).toBe(RECORDS_ACK);

    const wrongLength = Buffer.from(packet);
    wrongLength.writeUInt16BE(wrongLength.readUInt16BE(0) - 3, 0);
    socket.write(wrongLength);
    expect(await answer()).toBe(RECORDS_ACK);

    const metrics = f.listener.metrics;
    expect(metrics.crcMismatches - before.crcMismatches).toBe(1);
    expect(metrics.resynchronised - before.resynchronised).toBe(1);
    expect(metrics.malformed).toBe(before.malformed);
    socket.close();
  });

  it('sends a command as SMS via GPRS and passes the answer on', async () => {
    const serial = '863071016796571';
    await f.unit(serial);
    const socket = await f.tcp();
    socket.write(encodeRuptelaHeartbeat(serial));
    await socket.until((b) => b.length >= 6);
    const answered = f.nextAnswer();
    f.command(serial, 'coords');
    const bytes = await socket.until((b) => b.length >= 11);
    expect(bytes.subarray(0, 9).toString('hex')).toBe('00076c636f6f726473');
    socket.write(encodeRuptelaCommandAnswer(serial, 'Coords: 54.6872, 25.2797'));
    expect(await answered).toBe(`${serial} SMS via GPRS: Coords: 54.6872, 25.2797`);
    socket.close();
  });

  it("takes the simulator's Ruptela units (npm run simulate speaks it)", async () => {
    const device = await f.unit('353358017099846');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'ruptela' }],
      ports: { ruptela: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
