import {
  encodeNavtelecomArchive,
  encodeNavtelecomIdentification,
  encodeNavtelecomNegotiation,
} from '../../../../apps/server/src/ingest/protocols/navtelecom/navtelecom.device';
import type { NavtelecomRecord } from '../../../../apps/server/src/ingest/protocols/navtelecom/navtelecom.device';
import type { Fix } from '../trips/fix';
import type { StreamDialect } from './stream-tracker';

const NTCB_HEAD = 16;
/** The server's FLEX answers: ~A count crc, ~T index crc, ~C crc, ~E count crc, ~X index crc. */
const FLEX_ANSWER_BYTES: Record<string, number> = { A: 4, T: 7, C: 3, E: 4, X: 7 };

function toRecord(fix: Fix, index: number): NavtelecomRecord {
  return {
    index,
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    altitude: fix.altitude,
    satellites: fix.fix === 'gps' ? Math.max(fix.satellites, 1) : 0,
    ignition: fix.ignition,
    alarm: fix.alarm !== undefined,
    batteryMv: Math.round(3500 + fix.battery * 7),
  };
}

/**
 * A Navtelecom Signal unit: names itself (`*>S`) and announces its FLEX fields (`*>FLEX`) in
 * one write, waits for `*<FLEX`, then sends each fix as a one-record archive `~A`, counted as
 * acknowledged by the server's `~A 01`. Commands (`*!`, `*?`) are read and not acted on.
 */
export const navtelecomDialect: StreamDialect = {
  name: 'Navtelecom',
  port: 'navtelecom',
  greeting: (serial) =>
    Buffer.concat([encodeNavtelecomIdentification(serial), encodeNavtelecomNegotiation()]),
  fix: (_serial, fix, sequence) => encodeNavtelecomArchive([toRecord(fix, sequence)]),
  read(received) {
    if (received[0] === 0x40) {
      if (received.length < NTCB_HEAD) return { consumed: 0 };
      const consumed = NTCB_HEAD + received.readUInt16LE(12);
      if (received.length < consumed) return { consumed: 0 };
      const body = received.subarray(NTCB_HEAD, consumed).toString('latin1');
      return body.startsWith('*<FLEX') ? { consumed, greeted: true } : { consumed };
    }
    const size =
      received[0] === 0x7e ? FLEX_ANSWER_BYTES[String.fromCharCode(received[1] ?? 0)] : 0;
    if (!size)
      throw new Error(
        `Navtelecom answer must be NTCB or ~A/~T/~C/~E/~X, got ${received.subarray(0, 4).toString('hex')}`,
      );
    if (received.length < size) return { consumed: 0 };
    return received[1] === 0x41 ? { consumed: size, acked: received[2]! } : { consumed: size };
  },
};
