import {
  encodeH02Alarm,
  encodeH02Heartbeat,
  encodeH02Location,
} from '../../../../apps/server/src/ingest/protocols/h02/h02.device';
import { toH02Location } from './messages';
import type { StreamDialect } from './stream-tracker';

/**
 * A Sinotrack-type H02 unit: V1 per fix, ALRM for SOS and low battery, XT heartbeats. The
 * protocol answers none of them, so nothing is counted as acknowledged.
 */
export const h02Dialect: StreamDialect = {
  name: 'H02',
  port: 'h02',
  fix(serial, fix) {
    const location = toH02Location(fix);
    return fix.alarm === 'sos' || fix.alarm === 'lowBattery'
      ? encodeH02Alarm(serial, location, fix.alarm)
      : encodeH02Location(serial, location);
  },
  heartbeat: (serial) => encodeH02Heartbeat(serial),
};
