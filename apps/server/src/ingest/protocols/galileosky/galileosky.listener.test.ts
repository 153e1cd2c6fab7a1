import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { crc16Modbus } from './galileosky.crc';
import { GALILEOSKY_FIXTURES } from './galileosky.fixtures';
import {
  encodeGalileoskyAnswer,
  encodeGalileoskyHead,
  encodeGalileoskyRecords,
  type GalileoskyLocation,
} from './galileosky.device';

// The Galileosky listener over real TCP: the five archive records of Traccar's
// GalileoProtocolDecoderTest (IMEI 868345032066573, galileosky.fixtures.ts), what a live unit
// sends, a command and its answer, and packets a unit may bend.
const f = listenerFixture('galileosky');
const fixture = (name: keyof typeof GALILEOSKY_FIXTURES) =>
  Buffer.from(GALILEOSKY_FIXTURES[name], 'hex');
/** The server's confirmation of `packet`: 0x02 and the packet's last two bytes (its CRC). */
const confirmationOf = (packet: Buffer) => '02' + packet.subarray(-2).toString('hex');
const nextConfirmation = async (socket: Awaited<ReturnType<typeof f.tcp>>) =>
  (await socket.until((b) => b.length >= 3)).toString('hex');

const live = (minutesAgo: number): GalileoskyLocation => ({
  time: new Date(Math.floor(Date.now() / 1000) * 1000 - minutesAgo * 60_000),
  lat: 26.3,
  lng: 50.2,
  speedKmh: 36,
  course: 90,
  altitude: 12,
  satellites: 11,
});

describe('Galileosky listener', () => {
  it('confirms the head packet, moves the current position with a live record, and keeps the 2018 archive in history only', async () => {
    const device = await f.unit('868345032066573');
    const socket = await f.tcp();
    const head = encodeGalileoskyHead(device.serial, 82);
    socket.write(head);
    expect(await nextConfirmation(socket)).toBe(confirmationOf(head));

    const fix = live(1);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const records = encodeGalileoskyRecords([fix]);
    socket.write(records);
    expect(await committed).toMatchObject({ timestamp: fix.time.toISOString() });
    expect(await nextConfirmation(socket)).toBe(confirmationOf(records));

    // The unit's archive (the length's high bit set), records of 2018-09-11.
    socket.write(fixture('archiveOfFive'));
    expect(await nextConfirmation(socket)).toBe('02e007');
    const history = await f.history(device.id);
    expect(history.map((h) => h.fix_time.toISOString())).toEqual([
      '2018-09-11T05:21:12.000Z',
      '2018-09-11T05:21:13.000Z',
      '2018-09-11T05:21:14.000Z',
      '2018-09-11T05:23:14.000Z',
      '2018-09-11T05:25:15.000Z',
      fix.time.toISOString(),
    ]);
    expect(history[0]!.lat).toBeCloseTo(26.294976, 6);
    const current = await f.current(device.id);
    expect(current!.fix_time).toEqual(fix.time);
    expect(current!.lat).toBeCloseTo(26.3, 6);
    socket.close();
  });

  it('sends a command as a command packet and stores the answer the unit sends back', async () => {
    const device = await f.unit('868204001549087');
    const socket = await f.tcp();
    socket.write(fixture('headPacket')); // device number 50
    expect(await nextConfirmation(socket)).toBe('028590');
    const answered = f.nextAnswer();
    f.command(device.serial, 'status');
    const command = await socket.until((b) => b.length >= 37);
    // 01, 32 tag bytes, IMEI, device number 50, a command number the server picks, the text, CRC.
    expect(command.subarray(0, 23).toString('hex')).toBe(
      '012000' + '03' + Buffer.from(device.serial).toString('hex') + '04' + '3200' + 'e0',
    );
    expect(command.subarray(27, 29).toString('hex')).toBe('e106');
    expect(command.toString('latin1', 29, 35)).toBe('status');
    expect(command.readUInt16LE(35)).toBe(crc16Modbus(command, 0, 35));
    const number = command.readUInt32LE(23);
    const reply = encodeGalileoskyAnswer(device.serial, 50, number, 'Dev50 Soft=19 Nav=0');
    socket.write(reply);
    expect(await answered).toBe(`${device.serial} Dev50 Soft=19 Nav=0`);
    expect(await nextConfirmation(socket)).toBe(confirmationOf(reply));
    socket.close();
  });

  it('leaves a packet with a wrong CRC unconfirmed, the connection open, and confirms the next', async () => {
    const device = await f.unit('861230045670001');
    const socket = await f.tcp();
    socket.write(encodeGalileoskyHead(device.serial, 1));
    await nextConfirmation(socket);
    const bent = encodeGalileoskyRecords([live(3)]);
    bent[bent.length - 1] = bent[bent.length - 1]! ^ 0xff;
    const before = f.listener.metrics.skippedFrames;
    socket.write(bent);
    const fix = live(2);
    const good = encodeGalileoskyRecords([fix]);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(good);
    // The bent packet gets no answer (the unit sends it again); the next one does.
    expect(await nextConfirmation(socket)).toBe(confirmationOf(good));
    expect(await committed).toMatchObject({ timestamp: fix.time.toISOString() });
    expect(f.listener.metrics.skippedFrames).toBe(before + 1);
    socket.close();
  });

  it("takes the simulator's Galileosky units (npm run simulate speaks it)", async () => {
    const device = await f.unit('861230045679999');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'galileosky' }],
      ports: { galileosky: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0, connected: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
