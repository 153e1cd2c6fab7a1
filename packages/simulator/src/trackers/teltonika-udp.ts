import dgram from 'node:dgram';
import {
  encodeTeltonikaUdp,
  readTeltonikaUdpAck,
} from '../../../../apps/server/src/ingest/protocols/teltonika/teltonika.device';
import type { Fix } from '../trips/fix';
import { recordError } from '../stats';
import { toTeltonika } from './messages';
import { ACK_TIMEOUT_MS, buffer } from './tracker';
import type { Tracker, TrackerContext } from './tracker';

/** FMB devices send at most this many records per datagram over UDP (it must fit one). */
const MAX_RECORDS_PER_DATAGRAM = 20;

/**
 * A Teltonika FMB sending over UDP: one Codec 8E datagram at a time, each carrying the IMEI;
 * records leave the buffer only when the server answers with the datagram's packet IDs and their
 * count, and a datagram left unanswered is sent again, as the real device does.
 */
export class TeltonikaUdpTracker implements Tracker {
  private readonly socket = dgram.createSocket('udp4');
  private readonly pending: Fix[] = [];
  private packetId = 0;
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
      recordError(
        this.ctx.stats,
        new Error(`Teltonika UDP ${this.serial}: no answer, sending again`),
      );
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
    this.packetId = (this.packetId + 1) & 0xffff;
    const datagram = encodeTeltonikaUdp(
      this.serial,
      this.packetId,
      this.packetId & 0xff,
      batch.map((fix) => toTeltonika(fix)),
    );
    this.socket.send(datagram, this.ctx.ports.teltonikaUdp, this.ctx.host);
    this.inFlight = batch.length;
    this.sentAt = now;
    this.ctx.stats.sent += batch.length;
  }

  private onAnswer(message: Buffer): void {
    const ack = readTeltonikaUdpAck(message);
    // An answer to an earlier datagram (sent again after a timeout) is not this one's.
    if (!ack || ack.packetId !== this.packetId || this.inFlight === 0) return;
    this.pending.splice(0, ack.accepted);
    this.ctx.stats.acked += ack.accepted;
    this.inFlight = 0;
    this.send(this.ctx.now());
  }
}
