import {
  encodeWialonData,
  encodeWialonLogin,
  encodeWialonPing,
} from '../../../../apps/server/src/ingest/protocols/wialon/wialon.device';
import { toWialonLocation } from './messages';
import type { StreamDialect } from './stream-tracker';

/**
 * A Wialon IPS 2.0 unit: logs in and waits for `#AL#1`, then one extended data packet (`#D#`,
 * with its CRC16) per fix, each answered `#AD#1` (counted as its ack), and a ping `#P#`.
 * Messages from the server (`#M#`) are read and not acted on.
 */
export const wialonDialect: StreamDialect = {
  name: 'Wialon IPS',
  port: 'wialon',
  greeting: (serial) => encodeWialonLogin(serial, '2.0'),
  fix: (_serial, fix) => encodeWialonData(toWialonLocation(fix), '2.0'),
  heartbeat: () => encodeWialonPing(),
  read(received) {
    const end = received.indexOf('\n');
    if (end < 0) return { consumed: 0 };
    const line = received.toString('utf8', 0, end).trim();
    const consumed = end + 1;
    if (line === '#AL#1') return { consumed, greeted: true };
    if (line.startsWith('#AL#')) throw new Error(`Wialon IPS login refused: ${line}`);
    if (line.startsWith('#AD#')) return { consumed, acked: line === '#AD#1' ? 1 : 0 };
    return { consumed };
  },
};
