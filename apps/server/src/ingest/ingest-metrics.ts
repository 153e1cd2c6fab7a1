import type { DecodeNoticeKind } from './protocols/types';

/** Counters a listener keeps; logged and shown to operators. */
export interface IngestMetrics {
  connections: number;
  messages: number;
  /** Input that could not be framed at all: the connection was closed. */
  malformed: number;
  failedBatches: number;
  /** Frames decoded although their CRC did not match (their structure held). */
  crcMismatches: number;
  /** Frames cut at their stop bits because their length field disagreed. */
  resynchronised: number;
  /** Keep-alive bytes between frames, skipped. */
  keepAlives: number;
  /** Runs of bytes before a frame's start marker, skipped. */
  skippedBytes: number;
  /** Framed messages whose body did not decode, dropped with the connection kept. */
  skippedFrames: number;
  /** Records rejected one by one (a time that is not a real date, an impossible fix). */
  rejectedRecords: number;
  /** Cell-tower / Wi-Fi reports placed by the cell geolocation service. */
  cellLocated: number;
  /** Lookups the cell geolocation service could not answer (the report stayed status). */
  cellLookupsFailed: number;
  /** Connections closed at once: their address already held the per-address limit. */
  refusedPerAddress: number;
  /** Connections closed at once: the listener held its maximum. */
  refusedListenerFull: number;
  /** Connections closed at once: the descriptors left are reserved for HTTP and the database. */
  refusedDescriptors: number;
  /** Connections closed after the protocol's idle timeout without a byte. */
  idleTimeouts: number;
  /** Connections closed because a started frame was not complete by the frame deadline. */
  frameTimeouts: number;
}

export const newMetrics = (): IngestMetrics => ({
  connections: 0,
  messages: 0,
  malformed: 0,
  failedBatches: 0,
  crcMismatches: 0,
  resynchronised: 0,
  keepAlives: 0,
  skippedBytes: 0,
  skippedFrames: 0,
  rejectedRecords: 0,
  cellLocated: 0,
  cellLookupsFailed: 0,
  refusedPerAddress: 0,
  refusedListenerFull: 0,
  refusedDescriptors: 0,
  idleTimeouts: 0,
  frameTimeouts: 0,
});

/** The counter of each decoder notice. */
export const NOTICE_COUNTERS: Record<DecodeNoticeKind, keyof IngestMetrics> = {
  'crc-mismatch': 'crcMismatches',
  resynchronised: 'resynchronised',
  'keep-alive': 'keepAlives',
  'skipped-bytes': 'skippedBytes',
  'skipped-frame': 'skippedFrames',
  'rejected-record': 'rejectedRecords',
};
