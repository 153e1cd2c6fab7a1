import net from 'node:net';
import { reconnectDelay } from '../schedule';
import { recordError } from '../stats';
import type { TrackerContext } from './tracker';

export interface LinkEvents {
  /** Connected: send the login or IMEI handshake. */
  connected(): void;
  data(chunk: Buffer): void;
  closed(): void;
}

/**
 * A tracker's persistent TCP connection. It reconnects with backoff, but only when the tracker
 * next has something to report (`ensure`), so a fleet of disconnected trackers needs no timers.
 */
export class TcpLink {
  private socket: net.Socket | undefined;
  private attempts = 0;
  private retryAt = 0;
  private ready = false;
  private closedForGood = false;

  constructor(
    private readonly ctx: TrackerContext,
    private readonly port: number,
    private readonly events: LinkEvents,
  ) {}

  get open(): boolean {
    return this.socket !== undefined;
  }

  /** Opens the connection if there is none and the backoff has passed. */
  ensure(now: number): void {
    if (this.socket || this.closedForGood || now < this.retryAt) return;
    const socket = net.connect({ host: this.ctx.host, port: this.port });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('connect', () => this.events.connected());
    socket.on('data', (chunk: Buffer) => this.events.data(chunk));
    socket.on('error', (error) => recordError(this.ctx.stats, error));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.ready) this.ctx.stats.connected--;
      this.ready = false;
      this.attempts++;
      this.retryAt = this.ctx.now() + reconnectDelay(this.attempts, this.ctx.random());
      this.events.closed();
    });
  }

  /** Login acknowledged: counts as connected and resets the backoff. */
  markReady(): void {
    if (this.ready || !this.socket) return;
    this.ready = true;
    this.attempts = 0;
    this.ctx.stats.connected++;
  }

  write(bytes: Uint8Array): void {
    this.socket?.write(bytes);
  }

  /** Drops this connection (protocol error, ack timeout); the next `ensure` after backoff reconnects. */
  reset(reason: string): void {
    recordError(this.ctx.stats, new Error(reason));
    this.socket?.destroy();
  }

  close(): void {
    this.closedForGood = true;
    // Counted down now: the socket's 'close' event comes on a later turn, after stop() returns.
    if (this.ready) this.ctx.stats.connected--;
    this.ready = false;
    this.socket?.destroy();
  }
}
