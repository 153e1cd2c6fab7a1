import type { KeepOpenCase } from '../keep-open.case';
import { encodeRuptelaHeartbeat, encodeRuptelaRecords } from './ruptela.device';
import { buildServerPacket } from './ruptela.frame';

// A Ruptela unit (FM-Eco4, FM-Pro4) as it talks to a live server: its heartbeat, then records
// packets bent: a CRC-16/KERMIT that does not hold, a length field 3 short (the CRC still holds
// at the packet's true end, where the decoder finds it).
const IMEI = '863071016796570';
const records = (time: Date) =>
  encodeRuptelaRecords(IMEI, [
    {
      time,
      lat: 54.6872,
      lng: 25.2797,
      speedKmh: 42,
      course: 90,
      altitude: 120,
      satellites: 9,
      ignition: true,
    },
  ]);
/** Command 100 (records) + 100, "received": what Traccar answers too. */
const RECORDS_ACK = buildServerPacket(100, Buffer.of(1));
const EARLIER = new Date('2026-11-30T12:00:00Z');

const badCrc = records(EARLIER);
badCrc[badCrc.length - 1]! ^= 0x5a;
const wrongLength = records(EARLIER);
wrongLength.writeUInt16BE(wrongLength.readUInt16BE(0) - 3, 0);

export const RUPTELA_KEEP_OPEN: KeepOpenCase = {
  family: 'Ruptela',
  listener: 'ruptela',
  transport: 'tcp',
  serial: IMEI,
  opening: [],
  // Heartbeat (16) answered as 116, "received".
  keepAlive: { send: encodeRuptelaHeartbeat(IMEI), answer: buildServerPacket(116, Buffer.of(1)) },
  badChecksum: {
    what: 'a CRC-16 that does not hold',
    send: badCrc,
    answer: RECORDS_ACK,
    counts: 'crcMismatches',
  },
  wrongLength: {
    what: 'a length field 3 short',
    send: wrongLength,
    answer: RECORDS_ACK,
    counts: 'resynchronised',
  },
  position: (time) => ({ send: records(time), answer: RECORDS_ACK }),
};
