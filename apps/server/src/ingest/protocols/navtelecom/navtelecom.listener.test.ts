import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import {
  encodeNavtelecomArchive,
  encodeNavtelecomCommandAnswer,
  encodeNavtelecomIdentification,
  encodeNavtelecomNegotiation,
  type NavtelecomRecord,
} from './navtelecom.device';
import { TRACCAR, WIKI } from './navtelecom.fixtures';

// The Navtelecom listener over real TCP: the captures of Traccar's NavtelecomProtocolDecoderTest
// (IMEI 866795031410689, four records of 2021-09-01; navtelecom.fixtures.ts), answered with the
// bytes of the maker's wiki, then what a live unit sends, then packets a unit may bend.
const f = listenerFixture('navtelecom');
const bytes = (h: string) => Buffer.from(h, 'hex');
type Socket = Awaited<ReturnType<typeof f.tcp>>;
/** An NTCB answer: 16 header bytes and the body length they announce. */
const ntcbAnswer = async (socket: Socket) =>
  (await socket.until((b) => b.length >= 16 && b.length >= 16 + b.readUInt16LE(12))).toString(
    'hex',
  );
/** A FLEX ~A answer: ~A, count, CRC8. */
const archiveAnswer = async (socket: Socket) =>
  (await socket.until((b) => b.length >= 4)).toString('hex');

const live = (index: number, minutesAgo: number): NavtelecomRecord => ({
  index,
  time: new Date(Math.floor(Date.now() / 1000) * 1000 - minutesAgo * 60_000),
  lat: 55.7558,
  lng: 37.6173,
  speedKmh: 36,
  course: 90,
  altitude: 156,
  satellites: 10,
  ignition: true,
});

describe('Navtelecom listener', () => {
  it('answers both handshakes, stores the 2021 archive in history, then a live record moves the current position and a command goes out', async () => {
    const device = await f.unit('866795031410689');
    const socket = await f.tcp();
    socket.write(bytes(TRACCAR.identification));
    // Same ids as the wiki's unit, so the wiki's *<S byte for byte.
    expect(await ntcbAnswer(socket)).toBe(WIKI.identificationAnswer);
    socket.write(bytes(TRACCAR.negotiation30));
    // FLEX 3.0, structure 3.0 accepted: the wiki's *<FLEX.
    expect(await ntcbAnswer(socket)).toBe(WIKI.negotiationAnswer);

    socket.write(bytes(TRACCAR.archive));
    expect(await archiveAnswer(socket)).toBe('7e41042a');
    const history = await f.history(device.id);
    expect(history.map((h) => h.fix_time.toISOString())).toEqual([
      '2021-09-01T16:48:04.000Z',
      '2021-09-01T16:48:26.000Z',
      '2021-09-01T16:48:38.000Z',
      '2021-09-01T16:48:47.000Z',
    ]);
    expect(history[0]!.lat).toBeCloseTo(55.8273183, 6);

    // The unit negotiated 56 fields; a live unit on the same socket announces its own.
    socket.write(encodeNavtelecomNegotiation());
    await ntcbAnswer(socket);
    const fix = live(9, 1);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(encodeNavtelecomArchive([fix]));
    expect(await committed).toMatchObject({ timestamp: fix.time.toISOString() });
    // CRC8 of 7e 41 01 is df (worked out in Python).
    expect(await archiveAnswer(socket)).toBe('7e4101df');
    const row = await f.current(device.id);
    expect(row!.fix_time).toEqual(fix.time);
    expect(row!.lat).toBeCloseTo(55.7558, 5);

    // A query goes out from the server's id to the unit's, and its answer comes back.
    const answered = f.nextAnswer();
    f.command(device.serial, '*?V');
    expect(await ntcbAnswer(socket)).toBe(
      '404e5443' + '00000000' + '01000000' + '0300' + '43' + '58' + '2a3f56',
    );
    socket.write(encodeNavtelecomCommandAnswer('V=4.2'));
    expect(await answered).toBe(`${device.serial} *@V=4.2`);
    socket.close();
  });

  it('keeps the connection open through a keep-alive and a ~A whose CRC8 disagrees, and serves the next', async () => {
    const device = await f.unit('866795031419999');
    const socket = await f.tcp();
    socket.write(encodeNavtelecomIdentification(device.serial));
    await ntcbAnswer(socket);
    socket.write(encodeNavtelecomNegotiation());
    await ntcbAnswer(socket);
    const bent = encodeNavtelecomArchive([live(1, 3)]);
    bent[bent.length - 1]! ^= 0x5a;
    const skippedBefore = f.listener.metrics.skippedFrames;
    socket.write(Buffer.concat([Buffer.of(0x7f), bent]));
    const fix = live(2, 2);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(encodeNavtelecomArchive([fix]));
    // The bent one is not answered (the unit sends it again); the next one is.
    expect(await archiveAnswer(socket)).toBe('7e4101df');
    expect(await committed).toMatchObject({ timestamp: fix.time.toISOString() });
    expect(f.listener.metrics.skippedFrames).toBe(skippedBefore + 1);
    expect(await f.history(device.id)).toHaveLength(1);
    socket.close();
  });

  it("takes the simulator's Navtelecom units (npm run simulate speaks it)", async () => {
    const device = await f.unit('866795031418888');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'navtelecom' }],
      ports: { navtelecom: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0, connected: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
