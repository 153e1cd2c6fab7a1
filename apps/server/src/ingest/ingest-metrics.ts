/** Counters a listener keeps; logged and shown to operators. */
export interface IngestMetrics {
  connections: number;
  messages: number;
  malformed: number;
  failedBatches: number;
}

export const newMetrics = (): IngestMetrics => ({
  connections: 0,
  messages: 0,
  malformed: 0,
  failedBatches: 0,
});
