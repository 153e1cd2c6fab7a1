/** Counters every tracker updates; the CLI prints them and the benchmark reads them. */
export interface SimulatorStats {
  /** Positions written to a socket or HTTP request (re-sends after a reconnect count again). */
  sent: number;
  /** Positions the server confirmed: OsmAnd 200, Teltonika record count, GT06 alarm ack. */
  acked: number;
  /** Failed requests, refused or dropped connections, missing acks. */
  errors: number;
  /** Fixes dropped because a tracker's offline buffer was full. */
  dropped: number;
  /** Open TCP connections that completed login or handshake. */
  connected: number;
  lastError?: string;
}

export function newStats(): SimulatorStats {
  return { sent: 0, acked: 0, errors: 0, dropped: 0, connected: 0 };
}

export function recordError(stats: SimulatorStats, error: unknown): void {
  stats.errors++;
  stats.lastError = error instanceof Error ? error.message : String(error);
}

/** One status line: totals and the rates since the previous line. */
export function formatProgress(
  now: SimulatorStats,
  before: Pick<SimulatorStats, 'sent' | 'acked'>,
  seconds: number,
): string {
  const rate = (n: number) => (seconds > 0 ? (n / seconds).toFixed(1) : '0.0');
  return (
    `sent ${now.sent} acked ${now.acked} errors ${now.errors} dropped ${now.dropped} ` +
    `connected ${now.connected} | ${rate(now.sent - before.sent)} positions/s sent, ` +
    `${rate(now.acked - before.acked)} acked/s` +
    (now.lastError ? ` | last error: ${now.lastError}` : '')
  );
}
