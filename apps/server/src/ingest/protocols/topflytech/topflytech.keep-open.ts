import type { KeepOpenCase } from '../keep-open.case';
import { TOPFLYTECH_CAPTURES } from './topflytech.captures';
import { encodeTopflytechLocation } from './topflytech.device';
import { buildTopflytechPacket, imeiToBcd } from './topflytech.frame';

// T8803 unit 357367031063979 of Traccar's T800xProtocolDecoderTest: its login and heartbeat as
// captured (topflytech.captures.ts), then GPS reports as a live unit sends them. The protocol
// has no checksum; a length field 3 short cuts the report short (dropped unanswered, so that
// the unit sends it again) and leaves bytes that start no packet, skipped up to the unit's next.
const capture = (type: string, index: number) =>
  Buffer.from(TOPFLYTECH_CAPTURES[type]![index]!, 'hex');
const IMEI = '357367031063979';
/** The server's answer: the packet's header, type, serial number and IMEI, length 15. */
const ack = (type: number, serialNo: number) =>
  buildTopflytechPacket(0x2323, type, serialNo, imeiToBcd(IMEI));
const report = (time: Date, serialNo: number) =>
  encodeTopflytechLocation(IMEI, serialNo, {
    time,
    lat: 22.5,
    lng: 113.9,
    speedKmh: 30,
    course: 90,
    altitude: 20,
    satellites: 9,
    ignition: true,
    battery: 90,
  });

const wrongLength = report(new Date('2026-11-30T12:00:00Z'), 5);
wrongLength.writeUInt16BE(wrongLength.readUInt16BE(3) - 3, 3);

export const TOPFLYTECH_KEEP_OPEN: KeepOpenCase = {
  family: 'Topflytech',
  listener: 'topflytech',
  transport: 'tcp',
  serial: IMEI,
  opening: [{ send: capture('0x2323 0x01 login', 1), answer: ack(0x01, 2) }],
  keepAlive: { send: capture('0x2323 0x03 heartbeat', 1), answer: ack(0x03, 0) },
  badChecksum: { none: 'no bad checksum (T880x packets carry none)' },
  wrongLength: { what: 'a length field 3 short', send: wrongLength, counts: 'skippedFrames' },
  position: (time) => ({ send: report(time, 6), answer: ack(0x02, 6) }),
};
