import type { KeepOpenCase } from '../keep-open.case';
import { encodeJt600KeepAlive, encodeJt701Location, type Jt600Location } from './jt600.device';
import { fixture } from './jt600.fixtures';

// JT701 unit 8041300978 of Traccar's Jt600ProtocolDecoderTest: its binary report as captured
// (jt600.fixtures.ts, confirmed with (P69,0,<index>)), its keep-alive (@JT, not answered),
// then binary reports as a live unit sends them. JT600 frames carry no checksum, and a binary
// frame's length is its only framing: read 3 short, the record is read to where the length
// ends it (protocol 0x19 records may be extended, so any length from 38 reads) and confirmed
// with the index byte found there; the bytes left start no frame and are skipped up to the
// unit's next one.
const ID = '8041300978';
const fix = (time: Date): Jt600Location => ({
  time,
  lat: 54.3227,
  lng: -6.3557,
  speedKmh: 37,
  course: 90,
  satellites: 8,
  valid: true,
  battery: 90,
});
const wrongLength = encodeJt701Location(ID, 41, fix(new Date('2026-11-30T12:00:00Z')));
wrongLength.writeUInt16BE(wrongLength.readUInt16BE(8) - 3, 8);
const cutIndex = wrongLength[wrongLength.readUInt16BE(8) + 10 - 1]!;
const text = (s: string) => Buffer.from(s, 'latin1');

export const JT600_KEEP_OPEN: KeepOpenCase = {
  family: 'JT600',
  listener: 'jt600',
  transport: 'tcp',
  serial: ID,
  opening: [{ send: fixture('long 0x19, unit 8041300978'), answer: text('(P69,0,110)') }],
  keepAlive: { send: encodeJt600KeepAlive(ID) },
  badChecksum: { none: 'no bad checksum (JT600 frames carry none)' },
  wrongLength: {
    what: 'a binary length field 3 short',
    send: wrongLength,
    answer: text(`(P69,0,${cutIndex})`),
  },
  position: (time) => ({
    send: encodeJt701Location(ID, 42, fix(time)),
    answer: text('(P69,0,42)'),
  }),
};
