import {
  encodeGps103Heartbeat,
  encodeGps103Location,
  encodeGps103Login,
} from '../../../../apps/server/src/ingest/protocols/gps103/gps103.device';
import { toGps103Location } from './messages';
import type { StreamDialect } from './stream-tracker';

/**
 * A Coban TK103: logs on and waits for LOAD, then one report per fix; heartbeats are answered
 * ON. Reports are not acknowledged by the protocol, so nothing is counted as acked.
 */
export const gps103Dialect: StreamDialect = {
  name: 'GPS103',
  port: 'gps103',
  greeting: (serial) => encodeGps103Login(serial),
  fix: (serial, fix) => encodeGps103Location(serial, toGps103Location(fix)),
  heartbeat: (serial) => encodeGps103Heartbeat(serial),
  read(received) {
    const text = received.toString('latin1');
    if (text.startsWith('LOAD')) return { consumed: 4, greeted: true };
    if (text.startsWith('ON')) return { consumed: 2 };
    // A reply still arriving: wait for the rest.
    if ('LOAD'.startsWith(text) || 'ON'.startsWith(text)) return { consumed: 0 };
    // A command for the unit (`**,imei:...`, no terminator): the simulated unit does not act on it.
    return { consumed: received.length };
  },
};
