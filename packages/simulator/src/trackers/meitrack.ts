import {
  encodeMeitrackAaa,
  MEITRACK_EVENTS,
} from '../../../../apps/server/src/ingest/protocols/meitrack/meitrack.device';
import { toMeitrackLocation } from './messages';
import type { StreamDialect } from './stream-tracker';

/**
 * A Meitrack unit: one AAA report per fix, event 35 (time interval), 1 for SOS, 17 for low
 * battery. The protocol answers none of them; commands from the server are not acted on.
 */
export const meitrackDialect: StreamDialect = {
  name: 'Meitrack',
  port: 'meitrack',
  fix(serial, fix, sequence) {
    const event =
      fix.alarm === 'sos'
        ? MEITRACK_EVENTS.sos
        : fix.alarm === 'lowBattery'
          ? MEITRACK_EVENTS.lowBattery
          : MEITRACK_EVENTS.interval;
    return encodeMeitrackAaa(serial, toMeitrackLocation(fix), sequence, event);
  },
};
