import type { LoadDevice, LoadTarget } from './load/tracker';
import type { LatencySummary } from './latency';

/** Messages between the bench (server process) and the forked load process. */

export interface LoadInit {
  type: 'init';
  target: LoadTarget;
  devices: LoadDevice[];
  /** Fixes each tracker pre-encodes for the throughput phase. */
  positionsPerDevice: number;
  recordsPerPacket: number;
  realtime: { url: string; token: string; channel: string };
}

export type ToLoad =
  | LoadInit
  | { type: 'throughput'; seconds: number }
  | { type: 'latency'; rate: number; seconds: number }
  | { type: 'stop' };

export type FromLoad =
  | { type: 'ready'; connected: number; failed: number; connectMs: number; encodeMs: number }
  | {
      type: 'throughput-done';
      acked: number;
      elapsedMs: number;
      /** CPU time of the load process during the phase, ms (user + system). */
      cpuMs: number;
      /** Positions acknowledged per second after the warm-up, until the deadline. */
      steadyRate: number;
    }
  | { type: 'latency-done'; summary: LatencySummary }
  | { type: 'failed'; message: string };
