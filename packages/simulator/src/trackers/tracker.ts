import type http from 'node:http';
import type { Fix } from '../trips/fix';
import type { SimulatorStats } from '../stats';

export interface Ports {
  osmand: number;
  gt06: number;
  teltonika: number;
  h02: number;
  gps103: number;
  watch: number;
  queclink: number;
  meitrack: number;
  jt808: number;
  wialon: number;
  suntech: number;
  istartek: number;
  /** Teltonika over UDP: the TCP port's number on the server. */
  teltonikaUdp: number;
  ruptela: number;
  /** Wialon IPS over UDP: the TCP port's number on the server. */
  wialonUdp: number;
  topflytech: number;
  navtelecom: number;
  galileosky: number;
  jt600: number;
}

/** The server's default device ports. */
export const DEFAULT_PORTS: Ports = {
  osmand: 5055,
  gt06: 5023,
  teltonika: 5027,
  h02: 5013,
  gps103: 5001,
  watch: 5093,
  queclink: 5004,
  meitrack: 5020,
  jt808: 5015,
  wialon: 5039,
  suntech: 5011,
  istartek: 5225,
  teltonikaUdp: 5027,
  ruptela: 5046,
  wialonUdp: 5039,
  topflytech: 5094,
  navtelecom: 5180,
  galileosky: 5034,
  jt600: 5014,
};

/** What every virtual tracker shares: where the server is and the counters to update. */
export interface TrackerContext {
  host: string;
  ports: Ports;
  stats: SimulatorStats;
  /** One keep-alive agent for all OsmAnd trackers, as a phone fleet behind a NAT would look. */
  agent: http.Agent;
  now(): number;
  /** Uniform [0, 1) for reconnect jitter. */
  random(): number;
}

/** One virtual device: the timer loop hands it the fixes its vehicle produced since last time. */
export interface Tracker {
  report(fixes: readonly Fix[], now: number): void;
  close(): void;
}

/** A tracker holds this many unsent fixes while offline, then drops the oldest (as devices do). */
export const MAX_BUFFERED_FIXES = 1000;
/** No login ack or record-count ack in this long: the connection is dead, start over. */
export const ACK_TIMEOUT_MS = 30_000;

/** Appends fixes to an offline buffer, dropping the oldest past the limit. */
export function buffer(pending: Fix[], fixes: readonly Fix[], stats: SimulatorStats): void {
  pending.push(...fixes);
  const excess = pending.length - MAX_BUFFERED_FIXES;
  if (excess > 0) {
    pending.splice(0, excess);
    stats.dropped += excess;
  }
}
