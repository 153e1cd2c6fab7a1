import type { KeepOpenCase } from '../keep-open.case';
import {
  encodeNavtelecomArchive,
  encodeNavtelecomIdentification,
  encodeNavtelecomNegotiation,
  type NavtelecomRecord,
} from './navtelecom.device';
import { flexAnswer, KEEP_ALIVE } from './navtelecom.flex';
import { buildNtcbFrame } from './navtelecom.ntcb';

// A Navtelecom Signal unit as it talks to a live server: its NTCB identification and FLEX 1.0
// negotiation (the ids of the maker's wiki example), the FLEX keep-alive byte 0x7f, then ~A
// archives bent: a CRC8 that does not hold, a record count one short. FLEX carries no length:
// the count and the negotiated record size are its framing, so a wrong count leaves the reader
// inside a record with nothing to find the next message by, and the server hangs up.
const IMEI = '866795031419999';
const negotiation = encodeNavtelecomNegotiation();
/** The server answers from the unit's receiver id to its sender id, swapped. */
const answer = (text: string | Buffer) =>
  buildNtcbFrame(negotiation.readUInt32LE(8), negotiation.readUInt32LE(4), Buffer.from(text));
const record = (index: number, time: Date): NavtelecomRecord => ({
  index,
  time,
  lat: 55.7558,
  lng: 37.6173,
  speedKmh: 36,
  course: 90,
  altitude: 156,
  satellites: 10,
  ignition: true,
});
const EARLIER = new Date('2026-11-30T12:00:00Z');

const badCrc = encodeNavtelecomArchive([record(1, EARLIER)]);
badCrc[badCrc.length - 1]! ^= 0x5a;
const wrongCount = encodeNavtelecomArchive([record(2, EARLIER), record(3, EARLIER)]);
wrongCount[2] = 1;

export const NAVTELECOM_KEEP_OPEN: KeepOpenCase = {
  family: 'Navtelecom',
  listener: 'navtelecom',
  transport: 'tcp',
  serial: IMEI,
  opening: [
    { send: encodeNavtelecomIdentification(IMEI), answer: answer('*<S') },
    // FLEX 1.0 accepted as announced: protocol 0xB0, versions 0x0A.
    {
      send: negotiation,
      answer: answer(Buffer.concat([Buffer.from('*<FLEX'), negotiation.subarray(22, 25)])),
    },
  ],
  keepAlive: { send: Buffer.of(KEEP_ALIVE) },
  badChecksum: { what: 'a ~A CRC8 that does not hold', send: badCrc, counts: 'skippedFrames' },
  wrongLength: { what: 'a ~A record count one short', send: wrongCount, closes: true },
  position: (time) => ({
    send: encodeNavtelecomArchive([record(4, time)]),
    answer: flexAnswer({ type: 'A', count: 1 }),
  }),
};
