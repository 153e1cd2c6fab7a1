import type { FastifyBaseLogger } from 'fastify';
import { NOTICE_COUNTERS } from './ingest-metrics';
import type { IngestMetrics } from './ingest-metrics';
import type { DecodeNotice } from './protocols/types';

/** Decisions a listener takes on a connection that are not decoder notices. */
export type ListenerNoticeKind = 'cell-lookup-failed';

/**
 * What one connection's tracker sent that a field-proven server tolerates: every notice is
 * counted in the listener's metrics, and the first of each kind is logged once per connection
 * with the device's serial. A notice that comes before the device identified itself (a keep-alive
 * before the IMEI, say) waits for the serial, or for the connection to close.
 */
export class ConnectionNotices {
  private serial: string | undefined;
  private logged: Set<string> | undefined;
  private waiting: Map<string, string> | undefined;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly metrics: IngestMetrics,
    private readonly remote: string | undefined,
  ) {}

  /** Decoder notices of one read. */
  decoded(notices: readonly DecodeNotice[]) {
    for (const { kind, detail } of notices) {
      this.metrics[NOTICE_COUNTERS[kind]]++;
      this.once(kind, detail);
    }
  }

  /** A listener decision, already counted by the caller. */
  listener(kind: ListenerNoticeKind, detail: string) {
    this.once(kind, detail);
  }

  identified(serial: string) {
    this.serial = serial;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.forEach((detail, kind) => this.write(kind, detail));
  }

  /** Logs what still waited for a serial. */
  closed() {
    this.waiting?.forEach((detail, kind) => this.write(kind, detail));
    this.waiting = undefined;
  }

  private once(kind: string, detail: string) {
    if (this.logged?.has(kind) || this.waiting?.has(kind)) return;
    if (this.serial === undefined) (this.waiting ??= new Map()).set(kind, detail);
    else this.write(kind, detail);
  }

  private write(kind: string, detail: string) {
    (this.logged ??= new Set()).add(kind);
    // A keep-alive is what such a device does when idle; the others are the device's faults.
    const level = kind === 'keep-alive' ? 'info' : 'warn';
    this.log[level](
      { kind, serial: this.serial, remote: this.remote },
      `${detail} (logged once per connection; further ones are counted in the ingest metrics)`,
    );
  }
}
