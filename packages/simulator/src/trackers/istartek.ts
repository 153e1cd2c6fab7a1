import { encodeIstartekReport } from '../../../../apps/server/src/ingest/protocols/istartek/istartek.device';
import { toIstartekLocation } from './messages';
import type { StreamDialect } from './stream-tracker';

/**
 * An iStartek VT200: one position report (command 000) per fix, event 1 for an SOS. The
 * protocol answers no report, so none is counted as acked; commands are not acted on.
 */
export const istartekDialect: StreamDialect = {
  name: 'iStartek',
  port: 'istartek',
  fix: (serial, fix, sequence) => encodeIstartekReport(serial, toIstartekLocation(fix), sequence),
};
