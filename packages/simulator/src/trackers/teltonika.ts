import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
  readTeltonikaAck,
} from '../../../../apps/server/src/ingest/protocols/teltonika/teltonika.device';
import type { Fix } from '../trips/fix';
import { toTeltonika } from './messages';
import { TcpLink } from './tcp-link';
import { ACK_TIMEOUT_MS, buffer } from './tracker';
import type { Tracker, TrackerContext } from './tracker';

/** FMB devices send at most this many records per packet by default. */
const MAX_RECORDS_PER_PACKET = 50;
/** An idle link is kept open with a single 0xFF byte, which the server skips. */
const KEEP_ALIVE_MS = 120_000;
const KEEP_ALIVE = Buffer.from([0xff]);

/**
 * A Teltonika FMB on a persistent connection: IMEI handshake, wait for 0x01, then one Codec 8E
 * packet at a time; records leave the buffer only when the server acks their count, so a
 * dropped connection re-sends them, as the real device does. An idle link gets a keep-alive.
 */
export class TeltonikaTracker implements Tracker {
  private readonly link: TcpLink;
  private readonly pending: Fix[] = [];
  private handshaken = false;
  private inFlight = 0;
  private waitingSince = 0;
  private lastWrite = 0;
  private received: Buffer = Buffer.alloc(0);

  constructor(
    private readonly serial: string,
    private readonly ctx: TrackerContext,
    private readonly tag?: { major: number; minor: number },
  ) {
    this.link = new TcpLink(ctx, ctx.ports.teltonika, {
      connected: () => {
        this.received = Buffer.alloc(0);
        this.waitingSince = ctx.now();
        this.link.write(encodeTeltonikaImei(serial));
      },
      data: (chunk) => this.onData(chunk),
      closed: () => {
        this.handshaken = false;
        this.inFlight = 0;
      },
    });
  }

  report(fixes: readonly Fix[], now: number): void {
    buffer(this.pending, fixes, this.ctx.stats);
    const waiting = !this.handshaken || this.inFlight > 0;
    if (this.link.open && waiting && now - this.waitingSince > ACK_TIMEOUT_MS) {
      this.link.reset(`Teltonika ${this.serial}: no ack within ${ACK_TIMEOUT_MS / 1000} s`);
    }
    this.link.ensure(now);
    this.send(now);
    if (this.handshaken && this.inFlight === 0 && now - this.lastWrite >= KEEP_ALIVE_MS) {
      this.link.write(KEEP_ALIVE);
      this.lastWrite = now;
    }
  }

  close(): void {
    this.link.close();
  }

  private send(now: number): void {
    if (!this.handshaken || this.inFlight > 0 || this.pending.length === 0) return;
    const batch = this.pending.slice(0, MAX_RECORDS_PER_PACKET);
    this.link.write(encodeTeltonikaAvl(batch.map((fix) => toTeltonika(fix, this.tag))));
    this.inFlight = batch.length;
    this.waitingSince = now;
    this.lastWrite = now;
    this.ctx.stats.sent += batch.length;
  }

  private onData(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    if (!this.handshaken) {
      const accepted = this.received[0];
      this.received = this.received.subarray(1);
      if (accepted !== 0x01) {
        this.link.reset(`Teltonika ${this.serial}: server refused the IMEI`);
        return;
      }
      this.handshaken = true;
      this.lastWrite = this.ctx.now();
      this.link.markReady();
    }
    for (;;) {
      const count = readTeltonikaAck(this.received);
      if (count === undefined) break;
      this.received = this.received.subarray(4);
      if (count !== this.inFlight) {
        this.link.reset(
          `Teltonika ${this.serial}: server acked ${count} of ${this.inFlight} records`,
        );
        return;
      }
      this.pending.splice(0, count);
      this.ctx.stats.acked += count;
      this.inFlight = 0;
    }
    this.send(this.ctx.now());
  }
}
