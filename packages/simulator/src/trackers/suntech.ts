import {
  encodeSuntechKeepAlive,
  encodeSuntechReport,
} from '../../../../apps/server/src/ingest/protocols/suntech/suntech.device';
import { toSuntechLocation } from './messages';
import type { StreamDialect } from './stream-tracker';

/**
 * A Suntech ST300: one status report (STT) per fix, an emergency (EMG) for an SOS fix, and the
 * keep-alive ALV. The protocol answers nothing but emergencies (`AckEmerg`), so reports are not
 * counted as acked; whatever the server sends is read and not acted on.
 */
export const suntechDialect: StreamDialect = {
  name: 'Suntech',
  port: 'suntech',
  fix: (serial, fix, sequence) => encodeSuntechReport(serial, toSuntechLocation(fix), sequence),
  heartbeat: (serial) => encodeSuntechKeepAlive(serial),
};
