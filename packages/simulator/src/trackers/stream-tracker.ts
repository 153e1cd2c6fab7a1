import type { Fix } from '../trips/fix';
import { TcpLink } from './tcp-link';
import { ACK_TIMEOUT_MS, buffer } from './tracker';
import type { Ports, Tracker, TrackerContext } from './tracker';

/**
 * How one text-protocol family talks (H02, GPS103, Watch, Queclink, Meitrack): what a unit sends
 * on connecting, for each fix and as a heartbeat, and how it reads the server's answers.
 */
export interface StreamDialect {
  /** Name in error messages. */
  name: string;
  port: keyof Ports;
  /** Sent on connecting; when `read` reports `greeted`, fixes wait for that answer. */
  greeting?(serial: string): Uint8Array;
  /** The frame of one fix; `sequence` counts frames of the connection from 1. */
  fix(serial: string, fix: Fix, sequence: number): Uint8Array;
  /** Sent after a batch when HEARTBEAT_MS has passed since the last one. */
  heartbeat?(serial: string, last: Fix, sequence: number): Uint8Array;
  /**
   * Reads the server's answers at the start of `received`: how many bytes it used, whether the
   * greeting was answered, how many fixes the server acknowledged. Throws on an answer it does
   * not understand (the connection is dropped and made again).
   */
  read?(received: Buffer): { consumed: number; greeted?: boolean; acked?: number };
}

/** Real units of these families send a heartbeat every few minutes. */
const HEARTBEAT_MS = 180_000;

/**
 * A unit on a persistent connection: greeting (and its answer, where the protocol has one),
 * then one frame per fix. Fixes wait in a buffer while offline, as the devices keep them.
 */
export class StreamTracker implements Tracker {
  private readonly link: TcpLink;
  private readonly pending: Fix[] = [];
  private ready = false;
  private sequence = 0;
  private connectedAt = 0;
  private lastHeartbeat = 0;
  private received: Buffer = Buffer.alloc(0);

  constructor(
    private readonly serial: string,
    private readonly ctx: TrackerContext,
    private readonly dialect: StreamDialect,
  ) {
    this.link = new TcpLink(ctx, ctx.ports[dialect.port], {
      connected: () => {
        this.sequence = 0;
        this.received = Buffer.alloc(0);
        this.connectedAt = ctx.now();
        if (dialect.greeting) {
          this.link.write(dialect.greeting(serial));
          if (dialect.read) return;
        }
        this.markReady();
      },
      data: (chunk) => this.onData(chunk),
      closed: () => {
        this.ready = false;
      },
    });
  }

  report(fixes: readonly Fix[], now: number): void {
    buffer(this.pending, fixes, this.ctx.stats);
    if (this.link.open && !this.ready && now - this.connectedAt > ACK_TIMEOUT_MS) {
      this.link.reset(`${this.dialect.name} ${this.serial}: greeting not answered in time`);
    }
    this.link.ensure(now);
    this.flush(now);
  }

  close(): void {
    this.link.close();
  }

  private markReady(): void {
    this.ready = true;
    this.link.markReady();
    this.flush(this.ctx.now());
  }

  private flush(now: number): void {
    if (!this.ready || this.pending.length === 0) return;
    for (const fix of this.pending)
      this.link.write(this.dialect.fix(this.serial, fix, ++this.sequence));
    this.ctx.stats.sent += this.pending.length;
    const last = this.pending[this.pending.length - 1]!;
    this.pending.length = 0;
    if (this.dialect.heartbeat && now - this.lastHeartbeat >= HEARTBEAT_MS) {
      this.lastHeartbeat = now;
      this.link.write(this.dialect.heartbeat(this.serial, last, ++this.sequence));
    }
  }

  private onData(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    if (!this.dialect.read) {
      this.received = Buffer.alloc(0);
      return;
    }
    try {
      while (this.received.length > 0) {
        const answer = this.dialect.read(this.received);
        if (answer.consumed === 0) return;
        this.received = this.received.subarray(answer.consumed);
        if (answer.acked) this.ctx.stats.acked += answer.acked;
        if (answer.greeted && !this.ready) this.markReady();
      }
    } catch (error) {
      this.link.reset(
        `${this.dialect.name} ${this.serial}: bad reply from server: ${String(error)}`,
      );
    }
  }
}
