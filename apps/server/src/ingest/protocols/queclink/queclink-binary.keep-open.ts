import type { KeepOpenCase } from '../keep-open.case';
import type { QueclinkLocation } from './queclink.device';
import { encodeQueclinkBinaryFri, encodeQueclinkBinaryHeartbeat } from './queclink-binary.device';
import { RSP_FRI } from './queclink-binary.fixtures';

// GB100 unit 865084030003675 of Traccar's QueclinkProtocolDecoderTest in HEX mode: its +RSP
// GTFRI as captured (queclink-binary.fixtures.ts), then its +HBD and reports as a live unit
// sends them, each SACKed with its count. Queclink publishes no algorithm for the HEX checksum,
// so a report whose checksum differs is read as sent; a length field 3 short is cut at the
// frame's 0D 0A tail instead.
const IMEI = '865084030003675';
const fix = (time: Date): QueclinkLocation => ({
  time,
  lat: 39.62,
  lng: -9.068207,
  speedKmh: 41.5,
  course: 270,
  altitude: 126,
  accuracy: 1,
  battery: 77,
});
const EARLIER = new Date('2026-11-30T12:00:00Z');
const sack = (text: string) => Buffer.from(`+SACK:${text}$`, 'latin1');

const otherChecksum = encodeQueclinkBinaryFri(IMEI, fix(EARLIER), 0x0102);
otherChecksum.writeUInt16BE(0xbeef, otherChecksum.length - 4);
const wrongLength = encodeQueclinkBinaryFri(IMEI, fix(EARLIER), 0x0103);
wrongLength.writeUInt16BE(wrongLength.readUInt16BE(9) - 3, 9);

export const QUECLINK_BINARY_KEEP_OPEN: KeepOpenCase = {
  family: 'Queclink HEX',
  listener: 'queclink',
  transport: 'tcp',
  serial: IMEI,
  opening: [{ send: Buffer.from(RSP_FRI, 'hex'), answer: sack('19E1') }],
  keepAlive: {
    send: encodeQueclinkBinaryHeartbeat(IMEI, EARLIER, 0x0101),
    answer: sack('GTHBD,450102,0101'),
  },
  badChecksum: {
    what: 'a checksum that differs (no algorithm is published: not checked)',
    send: otherChecksum,
    answer: sack('0102'),
  },
  wrongLength: {
    what: 'a length field 3 short',
    send: wrongLength,
    answer: sack('0103'),
    counts: 'resynchronised',
  },
  position: (time) => ({
    send: encodeQueclinkBinaryFri(IMEI, fix(time), 0x0104),
    answer: sack('0104'),
  }),
};
