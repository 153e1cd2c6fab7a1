import {
  encodeJt600KeepAlive,
  encodeJt600U01,
} from '../../../../apps/server/src/ingest/protocols/jt600/jt600.device';
import type { Fix } from '../trips/fix';
import type { StreamDialect } from './stream-tracker';

/**
 * A Jointech unit speaking the JT600 text reports: one U01 per fix, which the server confirms
 * `(S39)` (counted as its ack), and the `@JT` keep-alive. Text reports carry an ID of any
 * length, so the simulator's 15-digit serials go out as they are (the binary frames' ID is 10
 * digits). Commands (`(S17)` ...) are read and not acted on.
 */
export const jt600Dialect: StreamDialect = {
  name: 'JT600',
  port: 'jt600',
  fix: (serial, fix, sequence) => encodeJt600U01(serial, sequence & 0xff, toJt600Location(fix)),
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
    return { consumed: end + 1, acked: text === '(S39)' ? 1 : 0 };
  },
};

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
