import net from 'node:net';
import type { Protocol } from '../../../packages/simulator/src/fleet';
import { fixAt, type BenchFix, type BenchTrack } from '../fleet';

/** A seeded device as the load process drives it. */
export interface LoadDevice {
  id: number;
  serial: string;
  protocol: Protocol;
  track: BenchTrack;
}

export interface LoadTarget {
  host: string;
  ports: { osmand: number; gt06: number; teltonika: number };
  /** Device time of fix 0, whole seconds. */
  baseTimeMs: number;
}

/**
 * One simulated tracker in the load process. Throughput: `prepare` encodes the frames before
 * the clock starts, `blast` sends them as fast as the server's acks allow. Latency: `sendNext`
 * sends one fix and returns the key the websocket message will carry.
 */
export interface LoadTracker {
  readonly device: LoadDevice;
  connect(): Promise<void>;
  prepare(positions: number): void;
  /**
   * Resolves with the positions acknowledged once nothing is in flight any more; `onAcked`
   * hears of each acknowledgement as it comes.
   */
  blast(deadline: number, onAcked: (positions: number) => void): Promise<number>;
  /** `undefined` when the previous fix is still unacknowledged (Teltonika, OsmAnd). */
  sendNext(): string | undefined;
  close(): void;
}

/** How the websocket's PositionUpdated names a position: device id and ISO fix time. */
export const latencyKey = (deviceId: number, time: Date | string) =>
  `${deviceId} ${typeof time === 'string' ? time : time.toISOString()}`;

/** Fix index bookkeeping shared by every protocol: each fix is used once, in order. */
export abstract class FixCursor {
  private k = 0;

  constructor(
    readonly device: LoadDevice,
    protected readonly target: LoadTarget,
  ) {}

  protected nextFix(): BenchFix {
    return fixAt(this.device.track, this.target.baseTimeMs, this.k++);
  }

  protected nextFixes(count: number): BenchFix[] {
    return Array.from({ length: count }, () => this.nextFix());
  }
}

/** A TCP connection whose replies are fed to `onData`; rejects if the server refuses. */
export function openSocket(host: string, port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.setNoDelay(true);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}
