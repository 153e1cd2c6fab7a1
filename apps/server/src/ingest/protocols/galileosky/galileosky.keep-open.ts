import type { KeepOpenCase } from '../keep-open.case';
import { crc16Modbus } from './galileosky.crc';
import { encodeGalileoskyRecords, type GalileoskyLocation } from './galileosky.device';
import { GALILEOSKY_FIXTURES } from './galileosky.fixtures';
import { galileoskyConfirmation } from './galileosky.frame';

// Unit 868204001549087 of Traccar's GalileoProtocolDecoderTest: its head packet as captured
// (galileosky.fixtures.ts), then main packets as a live unit sends them, bent: a CRC that does
// not hold (dropped unconfirmed, so that the unit sends it again), a length field 3 short (cut
// where its CRC holds, and confirmed). The protocol has no keep-alive.
const HEAD = Buffer.from(GALILEOSKY_FIXTURES.headPacket, 'hex');
/** The server's confirmation: 0x02 and the packet's own CRC. */
const confirmation = (packet: Buffer) =>
  galileoskyConfirmation(packet.readUInt16LE(packet.length - 2));
const records = (time: Date) => {
  const fix: GalileoskyLocation = {
    time,
    lat: 26.3,
    lng: 50.2,
    speedKmh: 36,
    course: 90,
    altitude: 12,
    satellites: 11,
  };
  return encodeGalileoskyRecords([fix]);
};
const EARLIER = new Date('2026-11-30T12:00:00Z');
const badCrc = records(EARLIER);
badCrc[badCrc.length - 1]! ^= 0xff;
const wrongLength = records(EARLIER);
wrongLength.writeUInt16LE(wrongLength.readUInt16LE(1) - 3, 1);
// A unit that miscounts its length computes its CRC over what it sends.
wrongLength.writeUInt16LE(
  crc16Modbus(wrongLength, 0, wrongLength.length - 2),
  wrongLength.length - 2,
);

export const GALILEOSKY_KEEP_OPEN: KeepOpenCase = {
  family: 'Galileosky',
  listener: 'galileosky',
  transport: 'tcp',
  serial: '868204001549087',
  opening: [{ send: HEAD, answer: confirmation(HEAD) }],
  keepAlive: { none: 'no keep-alive (Galileosky units send none)' },
  badChecksum: { what: 'a CRC-16 that does not hold', send: badCrc, counts: 'skippedFrames' },
  wrongLength: {
    what: 'a length field 3 short',
    send: wrongLength,
    answer: confirmation(wrongLength),
    counts: 'resynchronised',
  },
  position: (time) => {
    const packet = records(time);
    return { send: packet, answer: confirmation(packet) };
  },
};
