import { readFileSync } from 'node:fs';

/**
 * How many device connections a listener takes and how long it keeps a quiet one (issue 39,
 * item 11). The numbers and why are in docs/device-protocols.md, "Bounded ports".
 */
export interface ConnectionLimits {
  /**
   * Open connections from one address, per listener. A whole fleet on one carrier's M2M APN
   * can reach us from one NAT address, so this is a fleet's size, not a handful.
   */
  perAddress: number;
  /** Open connections of one listener. */
  perListener: number;
  /** A connection that sends nothing for this long is closed; unset: the protocol's own. */
  idleTimeoutMs?: number | undefined;
  /** A frame that has started must be complete within this, else the connection is closed. */
  frameDeadlineMs: number;
  /** File descriptors kept for HTTP, the database and files: devices never take these. */
  reservedDescriptors: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  perAddress: 2_000,
  perListener: 10_000,
  frameDeadlineMs: 30_000,
  reservedDescriptors: 1_000,
};

const MINUTE = 60_000;

/**
 * Each protocol's idle timeout: the longest quiet a working device of that family keeps on
 * its connection (its heartbeat or its stationary report interval, at the makers' defaults)
 * plus a margin for one lost heartbeat and a slow network, as Traccar's `<protocol>.timeout`.
 */
export const PROTOCOL_IDLE_TIMEOUT_MS: Record<string, number> = {
  /** OsmAnd / Traccar Client over HTTP: a request every 300 s by default; it reconnects freely. */
  osmand: 6 * MINUTE,
  /** GT06 heartbeat (0x13) every 3 minutes by default (HBT), up to 5 on some models. */
  gt06: 10 * MINUTE,
  /** Teltonika FMB: a record every hour when parked ("Min period on stop" 3600 s). */
  teltonika: 70 * MINUTE,
  /** H02 heartbeat (V1/XT) every 3 to 5 minutes. */
  h02: 10 * MINUTE,
  /** GPS103 keeps the link with its IMEI heartbeat every 3 minutes or so. */
  gps103: 10 * MINUTE,
  /** Watch protocol LK link keep every 5 minutes (10 on power saving). */
  watch: 15 * MINUTE,
  /** Queclink GTHBD heartbeat, 30 minutes when switched on; reports fill the gaps. */
  queclink: 40 * MINUTE,
  /** Meitrack heartbeat (AAA with event 35) every 5 minutes by default. */
  meitrack: 15 * MINUTE,
  /** JT/T 808 terminal heartbeat (0x0002), 60 s by default (parameter 0x0001). */
  jt808: 5 * MINUTE,
};

/** Unknown protocols: the longest of the known ones. */
const FALLBACK_IDLE_TIMEOUT_MS = 70 * MINUTE;

export function idleTimeoutOf(protocol: string, limits: ConnectionLimits): number {
  return limits.idleTimeoutMs ?? PROTOCOL_IDLE_TIMEOUT_MS[protocol] ?? FALLBACK_IDLE_TIMEOUT_MS;
}

/** The process's soft limit of open files (Linux /proc), or undefined where it cannot be read. */
export function openFilesLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    const n = soft === undefined ? NaN : Number(soft);
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}
