import dgram from 'node:dgram';
import { encodeWialonBlackBox } from '../../../../apps/server/src/ingest/protocols/wialon/wialon.device';
import type { Fix } from '../trips/fix';
import { recordError } from '../stats';
import { toWialonLocation } from './messages';
import { ACK_TIMEOUT_MS, buffer } from './tracker';
import type { Tracker, TrackerContext } from './tracker';

/** Records per black box datagram: well inside one datagram (about 150 bytes a record). */
const MAX_RECORDS_PER_DATAGRAM = 8;

/**
 * A Wialon IPS 2.0 unit sending over UDP: its fixes as one black box packet per datagram,
 * `2.0;<imei>#B#rec|rec|...|<CRC16>`, no login. Records leave the buffer only when the server
 * answers `#AB#<records stored>`; a datagram left unanswered is sent again.
 */
export class WialonUdpTracker implements Tracker {
  private readonly socket = dgram.createSocket('udp4');
  private readonly pending: Fix[] = [];
  private inFlight = 0;
  private sentAt = 0;

  constructor(
    private readonly serial: string,
    private readonly ctx: TrackerContext,
  ) {
    this.socket.on('message', (message) => this.onAnswer(message));
    this.socket.on('error', (error) => recordError(ctx.stats, error));
    this.socket.unref();
  }

  report(fixes: readonly Fix[], now: number): void {
    buffer(this.pending, fixes, this.ctx.stats);
    if (this.inFlight > 0 && now - this.sentAt > ACK_TIMEOUT_MS) {
      recordError(this.ctx.stats, new Error(`Wialon UDP ${this.serial}: no answer, sending again`));
      this.inFlight = 0;
    }
    this.send(now);
  }

  close(): void {
    this.socket.close();
  }

  private send(now: number): void {
    if (this.inFlight > 0 || this.pending.length === 0) return;
    const batch = this.pending.slice(0, MAX_RECORDS_PER_DATAGRAM);
    const datagram = Buffer.concat([
      Buffer.from(`2.0;${this.serial}`, 'latin1'),
      encodeWialonBlackBox(batch.map(toWialonLocation), '2.0'),
    ]);
    this.socket.send(datagram, this.ctx.ports.wialonUdp, this.ctx.host);
    this.inFlight = batch.length;
    this.sentAt = now;
    this.ctx.stats.sent += batch.length;
  }

  private onAnswer(message: Buffer): void {
    const answer = /^#AB#(\d+)\r?\n?$/.exec(message.toString('latin1'));
    if (!answer || this.inFlight === 0) return;
    const stored = Math.min(Number(answer[1]), this.inFlight);
    this.pending.splice(0, this.inFlight);
    this.ctx.stats.acked += stored;
    this.inFlight = 0;
    this.send(this.ctx.now());
  }
}
