import { describe, expect, it } from 'vitest';
import { startSimulator } from '@waymark/simulator/simulator';
import { listenerFixture } from '../../../test/listener-fixture';
import { nextCommitted } from '../../../test/tracker-socket';
import { JT808_CAPTURES } from './jt808.captures';
import {
  encodeJt808Heartbeat,
  encodeJt808Location,
  encodeJt808TerminalResponse,
} from './jt808.device';
import { readFrame } from './jt808.frame';

// The JT808 listener over real TCP, fed field captures of Traccar's HuabaoProtocolDecoderTest
// (terminal 013511221122: its 2013 registration, authentication and a location; see
// jt808.captures.ts), then what a live 2013 terminal sends.
const SERIAL = '13511221122';
const capture = (type: string, index: number) =>
  Buffer.from(JT808_CAPTURES[type]![index]!.hex, 'hex');
const REGISTRATION = capture('0x0100 registration', 2);
const AUTHENTICATION = capture('0x0102 authentication', 0);
const LOCATION = capture('0x0200 location', 18);
const UNIT = { phone: SERIAL, edition: '2013' } as const;

/** A 2013 platform message to terminal 013511221122, check code computed here. */
function platformFrame(messageId: string, serialNo: number, body: string): string {
  const header = `${messageId}${(body.length / 2).toString(16).padStart(4, '0')}013511221122${serialNo.toString(16).padStart(4, '0')}`;
  const raw = Buffer.from(header + body, 'hex');
  return `7e${header}${body}${raw
    .reduce((x, b) => x ^ b, 0)
    .toString(16)
    .padStart(2, '0')}7e`;
}

const f = listenerFixture('jt808');

describe('JT808 listener', () => {
  it('registers, authenticates and stores locations in history and current position, answering each', async () => {
    const device = await f.unit(SERIAL);
    const socket = await f.tcp();
    const answer = async (expected: string) =>
      (await socket.until((b) => b.length >= expected.length / 2)).toString('hex');

    socket.write(REGISTRATION);
    const token = Buffer.from(SERIAL).toString('hex');
    expect(await answer(platformFrame('8100', 0, `000500${token}`))).toBe(
      platformFrame('8100', 0, `000500${token}`),
    );
    socket.write(AUTHENTICATION);
    expect(await answer(platformFrame('8001', 1, '0006010200'))).toBe(
      platformFrame('8001', 1, '0006010200'),
    );

    // A 2014 field capture goes to the history; its 0x8001 comes once it is stored.
    socket.write(LOCATION);
    expect(await answer(platformFrame('8001', 2, '0007020000'))).toBe(
      platformFrame('8001', 2, '0007020000'),
    );
    expect(await f.history(device.id)).toEqual([
      { fix_time: new Date('2014-07-23T09:20:15Z'), lat: 22.51488, lng: 113.916508 },
    ]);

    // A live report moves the current position.
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    socket.write(
      encodeJt808Location(
        UNIT,
        { time, lat: 22.5431, lng: 114.0579, speedKmh: 36, course: 90, altitude: 12, valid: true },
        8,
      ),
    );
    expect(await committed).toMatchObject({ timestamp: time.toISOString() });
    expect(await answer(platformFrame('8001', 3, '0008020000'))).toBe(
      platformFrame('8001', 3, '0008020000'),
    );
    const row = await f.current(device.id);
    expect([row!.lat, row!.lng, row!.fix_time]).toEqual([22.5431, 114.0579, time]);
    socket.close();
  });

  it('keeps the connection open through a heartbeat, a bad check code and a wrong body length', async () => {
    await f.unit('13800000001');
    const phone = { phone: '13800000001', edition: '2013' } as const;
    const location = encodeJt808Location(
      phone,
      {
        time: new Date('2026-11-30T12:00:00Z'),
        lat: 1,
        lng: 2,
        speedKmh: 0,
        course: 0,
        altitude: 0,
        valid: true,
      },
      5,
    );
    const before = { ...f.listener.metrics };
    const socket = await f.tcp();
    const next8001 = async () => {
      const bytes = await socket.until((b) => b.length > 0 && readFrame(b) !== undefined);
      const read = readFrame(bytes);
      if (!read || !('frame' in read)) throw new Error('not a frame');
      return read.frame.header.messageId.toString(16) + ':' + read.frame.body.toString('hex');
    };
    socket.write(encodeJt808Heartbeat(phone, 0x0a));
    expect(await next8001()).toBe('8001:000a000200');

    // A fixed time keeps the edited check codes clear of the flag and escape bytes.
    const badCheck = Buffer.from(location);
    badCheck[badCheck.length - 2]! ^= 0x5a;
    socket.write(badCheck);
    expect(await next8001()).toBe('8001:0005020000');

    const wrongLength = Buffer.from(location);
    wrongLength[4] = wrongLength[4]! + 3; // properties: body length
    wrongLength[wrongLength.length - 2]! ^= 3; // check code follows the edited byte
    expect([badCheck.at(-2), wrongLength.at(-2)]).not.toContain(0x7e);
    socket.write(wrongLength);
    expect(await next8001()).toBe('8001:0005020000');

    const metrics = f.listener.metrics;
    expect(metrics.crcMismatches - before.crcMismatches).toBe(1);
    expect(metrics.resynchronised - before.resynchronised).toBe(1);
    expect(metrics.malformed).toBe(before.malformed);
    socket.close();
  });

  it('sends a command in the terminal’s edition and passes its answer on', async () => {
    await f.unit('13800000002');
    const phone = { phone: '13800000002', edition: '2013' } as const;
    const socket = await f.tcp();
    socket.write(
      encodeJt808Location(
        phone,
        { time: new Date(), lat: 1, lng: 2, speedKmh: 0, course: 0, altitude: 0, valid: true },
        1,
      ),
    );
    await socket.until((b) => readFrame(b) !== undefined); // its 0x8001
    const answered = f.nextAnswer();
    f.command('13800000002', '0x0029=30');
    const bytes = await socket.until((b) => readFrame(b) !== undefined);
    const read = readFrame(bytes);
    if (!read || !('frame' in read)) throw new Error('not a frame');
    expect(read.frame.header).toMatchObject({ messageId: 0x8103, serialNo: 1 });
    expect(read.frame.body.toString('hex')).toBe('0100000029040000001e');
    socket.write(encodeJt808TerminalResponse(phone, 2, { serialNo: 1, messageId: 0x8103 }));
    expect(await answered).toBe('13800000002 parameter settings (0x8103) succeeded');
    socket.close();
  });

  it("takes the simulator's JT808 terminals (npm run simulate speaks it)", async () => {
    const device = await f.unit('353358017099808');
    const committed = nextCommitted(f.t.ctx.bus, device.id);
    const simulator = startSimulator({
      devices: [{ serial: device.serial, protocol: 'jt808' }],
      ports: { jt808: f.listener.port },
      rate: 1,
    });
    expect((await committed).device_id).toBe(device.id);
    await simulator.stop();
    expect(simulator.stats).toMatchObject({ errors: 0 });
    expect(simulator.stats.sent).toBeGreaterThan(0);
  });
});
