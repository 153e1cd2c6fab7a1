import type { KeepOpenCase } from '../keep-open.case';
import { JT808_CAPTURES } from './jt808.captures';
import {
  encodeJt808Heartbeat,
  encodeJt808Location,
  jt808Terminal,
  type Jt808Unit,
} from './jt808.device';
import { buildFrame, FLAG } from './jt808.frame';

// Terminal 013511221122 of Traccar's HuabaoProtocolDecoderTest: its 2013 registration and
// authentication as captured (jt808.captures.ts), then its heartbeat and location reports as a
// live terminal sends them, bent: a check code that does not hold, a body length 3 too long.
// Every answer is a platform message numbered in the order the platform sends them.
const capture = (type: string, index: number) =>
  Buffer.from(JT808_CAPTURES[type]![index]!.hex, 'hex');
const UNIT: Jt808Unit = { phone: '13511221122', edition: '2013' };
const TERMINAL = jt808Terminal(UNIT);
const TOKEN = Buffer.from(UNIT.phone).toString('hex');
/** The platform's general response 0x8001 (its number `n`) to terminal message `serialNo` of `id`. */
const generalResponse = (n: number, serialNo: number, id: number) =>
  buildFrame(TERMINAL, 0x8001, n, Buffer.from(`${hex4(serialNo)}${hex4(id)}00`, 'hex'));
const hex4 = (v: number) => v.toString(16).padStart(4, '0');

const location = (time: Date, serialNo: number) =>
  encodeJt808Location(
    UNIT,
    { time, lat: 22.5431, lng: 114.0579, speedKmh: 36, course: 90, altitude: 12, valid: true },
    serialNo,
  );
// A fixed past time keeps the edited check codes clear of the flag and escape bytes.
const EARLIER = new Date('2026-11-30T12:00:00Z');

/** `frame` with byte `at` (of the unescaped frame, flag at 0) replaced, and its check code set. */
function edit(frame: Buffer, at: number, value: number, checkFollows: boolean): Buffer {
  const out = Buffer.from(frame);
  const check = out.length - 2;
  const before = out[at]!;
  out[at] = value;
  out[check] = checkFollows ? out[check]! ^ before ^ value : out[check]! ^ 0x5a;
  if ([FLAG, 0x7d].includes(out[check]!) || frame.subarray(1, -1).includes(0x7d)) {
    throw new Error('the edited JT808 frame needs escaping: pick another time');
  }
  return out;
}
const reading = location(EARLIER, 8);
const badCheck = edit(reading, 1, reading[1]!, false);
const wrongLength = edit(location(EARLIER, 9), 4, location(EARLIER, 9)[4]! + 3, true);

export const JT808_KEEP_OPEN: KeepOpenCase = {
  family: 'JT808',
  listener: 'jt808',
  transport: 'tcp',
  serial: UNIT.phone,
  opening: [
    {
      send: capture('0x0100 registration', 2),
      answer: buildFrame(TERMINAL, 0x8100, 0, Buffer.from(`000500${TOKEN}`, 'hex')),
    },
    { send: capture('0x0102 authentication', 0), answer: generalResponse(1, 6, 0x0102) },
  ],
  keepAlive: { send: encodeJt808Heartbeat(UNIT, 7), answer: generalResponse(2, 7, 0x0002) },
  badChecksum: {
    what: 'a check code that does not hold',
    send: badCheck,
    answer: generalResponse(3, 8, 0x0200),
    counts: 'crcMismatches',
  },
  wrongLength: {
    what: 'a body length 3 too long',
    send: wrongLength,
    answer: generalResponse(4, 9, 0x0200),
    counts: 'resynchronised',
  },
  position: (time) => ({ send: location(time, 10), answer: generalResponse(5, 10, 0x0200) }),
};
