import type { KeepOpenCase } from '../keep-open.case';
import { wialonCrc } from './wialon.crc';
import {
  encodeWialonData,
  encodeWialonLogin,
  encodeWialonDatagram,
  type WialonLocation,
} from './wialon.device';
import { PING } from './wialon.fixtures';

// A Wialon IPS 2.0 unit, over TCP and over UDP (where each datagram names its unit): its login,
// the ping of Gurtam's document (wialon.fixtures.ts), a data packet whose CRC16 does not hold
// (answered with its error code, 16), a short data packet one field short (Wialon IPS has no
// length field: the field count is its structure; answered -1), then a live data packet.
const fix = (time: Date): WialonLocation => ({
  time,
  lat: 55.7434,
  lng: 37.6614,
  speedKmh: 20,
  course: 90,
  altitude: 150,
  satellites: 8,
});
const EARLIER = new Date('2026-11-30T12:00:00Z');
const text = (s: string) => Buffer.from(s, 'latin1');

const good = encodeWialonData(fix(EARLIER), '2.0').toString('latin1');
const crc = good.slice(-6, -2);
const badCrc = good.replace(`${crc}\r\n`, `${crc === '0000' ? '0001' : '0000'}\r\n`);
const shortBody = `${good.slice('#D#'.length).split(';').slice(0, 9).join(';')};`;
const short = `#SD#${shortBody}${wialonCrc(shortBody)}\r\n`;

const IMEI = '865905021129390';
export const WIALON_KEEP_OPEN: KeepOpenCase = {
  family: 'Wialon IPS over TCP',
  listener: 'wialon',
  transport: 'tcp',
  serial: IMEI,
  opening: [{ send: encodeWialonLogin(IMEI, '2.0'), answer: text('#AL#1\r\n') }],
  keepAlive: { send: text(PING), answer: text('#AP#\r\n') },
  badChecksum: {
    what: 'a CRC16 that does not hold',
    send: text(badCrc),
    answer: text('#AD#16\r\n'),
    counts: 'skippedFrames',
  },
  wrongLength: {
    what: 'a short data packet one field short (Wialon IPS has no length field)',
    send: text(short),
    answer: text('#ASD#-1\r\n'),
    counts: 'skippedFrames',
  },
  position: (time) => ({ send: encodeWialonData(fix(time), '2.0'), answer: text('#AD#1\r\n') }),
};

/** The same over UDP (another unit): every datagram starts `2.0;<imei>`, and no login is sent. */
const UDP_IMEI = '865905021129391';
const datagram = (packet: string) => text(`2.0;${UDP_IMEI}${packet}`);

export const WIALON_UDP_KEEP_OPEN: KeepOpenCase = {
  family: 'Wialon IPS over UDP',
  listener: 'wialonUdp',
  transport: 'udp',
  serial: UDP_IMEI,
  opening: [],
  keepAlive: { send: datagram(PING), answer: text('#AP#\r\n') },
  badChecksum: {
    what: 'a CRC16 that does not hold',
    send: datagram(badCrc),
    answer: text('#AD#16\r\n'),
    counts: 'skippedFrames',
  },
  wrongLength: {
    what: 'a short data packet one field short (Wialon IPS has no length field)',
    send: datagram(short),
    answer: text('#ASD#-1\r\n'),
    counts: 'skippedFrames',
  },
  position: (time) => ({
    send: encodeWialonDatagram(UDP_IMEI, fix(time), '2.0'),
    answer: text('#AD#1\r\n'),
  }),
};
