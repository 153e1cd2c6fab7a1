import type { KeepOpenCase } from '../keep-open.case';
import { GT06_CAPTURES } from './gt06.captures';
import { encodeGt06Alarm, type Gt06Location } from './gt06.device';
import { crcItu } from './gt06.crc';
import { buildFrame } from './gt06.frame';

// A Concox tracker's login and heartbeat as captured (gt06.captures.ts), then alarms (0x26, the
// location the server acknowledges) as a live tracker sends them, bent the two ways GT06 units
// are known to: a CRC that does not hold, a length byte that does not match the frame.
const capture = (type: string, index: number) =>
  Buffer.from(GT06_CAPTURES[type]![index]!.hex, 'hex');
const LOGIN = capture('0x01 login', 3); // IMEI 353419036066061, serial number 3
const HEARTBEAT = capture('0x13 heartbeat', 0); // the protocol document's, serial number 0x0F
const ack = (protocol: number, serialNo: number) =>
  buildFrame(protocol, new Uint8Array(0), serialNo);

const alarm = (time: Date, serialNo: number) => {
  const fix: Gt06Location = {
    time,
    lat: 22.5,
    lng: 113.9,
    speedKmh: 30,
    course: 90,
    satellites: 9,
    valid: true,
  };
  return encodeGt06Alarm(
    fix,
    { battery: 80, charging: false, ignition: true, gsmSignal: 4, alarm: 'sos' },
    serialNo,
  );
};
// A fixed past time keeps the edited frames' bytes clear of the stop bits.
const EARLIER = new Date('2026-11-30T12:00:00Z');

const badCrc = alarm(EARLIER, 0x20);
badCrc[badCrc.length - 3]! ^= 0x5a;
// A unit that miscounts its length byte computes its CRC over what it sent.
const wrongLength = alarm(EARLIER, 0x21);
wrongLength[2]! += 3;
wrongLength.writeUInt16BE(crcItu(wrongLength.subarray(2, -4)), wrongLength.length - 4);

export const GT06_KEEP_OPEN: KeepOpenCase = {
  family: 'GT06',
  listener: 'gt06',
  transport: 'tcp',
  serial: '353419036066061',
  opening: [{ send: LOGIN, answer: ack(0x01, 3) }],
  keepAlive: { send: HEARTBEAT, answer: ack(0x13, 0x0f) },
  badChecksum: {
    what: 'a CRC-ITU that does not hold',
    send: badCrc,
    answer: ack(0x26, 0x20),
    counts: 'crcMismatches',
  },
  wrongLength: {
    what: 'a length byte 3 too long',
    send: wrongLength,
    answer: ack(0x26, 0x21),
    counts: 'resynchronised',
  },
  position: (time) => ({ send: alarm(time, 0x22), answer: ack(0x26, 0x22) }),
};
