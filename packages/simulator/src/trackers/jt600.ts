import {
  encodeJt600KeepAlive,
  encodeJt600U01,
  encodeJt701Location,
} from '../../../../apps/server/src/ingest/protocols/jt600/jt600.device';
import type { Fix } from '../trips/fix';
import type { StreamDialect } from './stream-tracker';

/**
 * A Jointech unit: one report per fix and the `@JT` keep-alive. A unit whose serial is a
 * long-format ID (10 digits starting with 7, 8 or 9, as the JT701/JT707 units' are) sends the
 * binary `$` record, which the server confirms `(P69,0,<index>)`; any other sends the text U01,
 * confirmed `(S39)`. Each confirmation counts as one ack. Text reports carry an ID of any
 * length, so the simulator's 15-digit serials go out as text. Commands (`(S17)` ...) are read
 * and not acted on.
 */
export const jt600Dialect: StreamDialect = {
  name: 'JT600',
  port: 'jt600',
  fix: (serial, fix, sequence) =>
    LONG_FORMAT_ID.test(serial)
      ? encodeJt701Location(serial, sequence & 0xff, toJt600Location(fix))
      : encodeJt600U01(serial, sequence & 0xff, toJt600Location(fix)),
  heartbeat: (serial) => encodeJt600KeepAlive(serial),
  read(received) {
    if (received[0] !== 0x28) {
      throw new Error(
        `JT600 answer must start with '(', got ${received.subarray(0, 8).toString('hex')}`,
      );
    }
    const end = received.indexOf(0x29);
    if (end < 0) return { consumed: 0 };
    const text = received.toString('latin1', 0, end + 1);
    return { consumed: end + 1, acked: CONFIRMATION.test(text) ? 1 : 0 };
  },
};

const LONG_FORMAT_ID = /^[7-9]\d{9}$/;
/** The text report's confirmation, and the binary record's with its index. */
const CONFIRMATION = /^\((?:S39|P69,0,\d+)\)$/;

function toJt600Location(fix: Fix) {
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    satellites: fix.fix === 'gps' ? fix.satellites : 0,
    valid: fix.fix === 'gps',
    battery: fix.battery,
  };
}
