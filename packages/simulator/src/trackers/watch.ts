import {
  encodeWatchAlarm,
  encodeWatchLink,
  encodeWatchLocation,
} from '../../../../apps/server/src/ingest/protocols/watch/watch.device';
import { readWatchFrame } from '../../../../apps/server/src/ingest/protocols/watch/watch.frame';
import { toWatchLocation } from './messages';
import type { StreamDialect } from './stream-tracker';

/**
 * A 3G/4G watch: link-keep `LK` first (the server answers LK), then `UD` per fix and `AL` for
 * an alarm, which the server answers AL (counted as acknowledged); LK again as heartbeat.
 */
export const watchDialect: StreamDialect = {
  name: 'Watch',
  port: 'watch',
  greeting: (serial) => encodeWatchLink(serial, 100),
  fix(serial, fix) {
    const location = toWatchLocation(fix);
    return location.alarm
      ? encodeWatchAlarm(serial, { ...location, alarm: location.alarm })
      : encodeWatchLocation(serial, location);
  },
  heartbeat: (serial, last) => encodeWatchLink(serial, last.battery),
  read(received) {
    const read = readWatchFrame(received);
    if (!read) return { consumed: 0 };
    if ('padding' in read) return { consumed: read.padding };
    const type = read.frame.content.toString('latin1').split(',')[0];
    // LK answers the greeting and every heartbeat; AL acknowledges an alarm; commands are ignored.
    return { consumed: read.frame.size, greeted: type === 'LK', acked: type === 'AL' ? 1 : 0 };
  },
};
