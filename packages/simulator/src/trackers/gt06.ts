import {
  encodeGt06Alarm,
  encodeGt06ExternalVoltage,
  encodeGt06Heartbeat,
  encodeGt06Iccid,
  encodeGt06Location4g,
  encodeGt06Login,
  nextGt06SerialNo,
} from '../../../../apps/server/src/ingest/protocols/gt06/gt06.device';
import { readFrame } from '../../../../apps/server/src/ingest/protocols/gt06/gt06.frame';
import type { Fix } from '../trips/fix';
import { gt06ExternalVoltage, gt06SimIds, toGt06Location, toGt06Status } from './messages';
import { TcpLink } from './tcp-link';
import { ACK_TIMEOUT_MS, buffer } from './tracker';
import type { Tracker, TrackerContext } from './tracker';

/** Real GT06 units send a heartbeat every few minutes; the server answers it. */
const HEARTBEAT_MS = 180_000;
const LOGIN = 0x01;
const ALARMS = new Set([0x26, 0x16]);

/**
 * A current Concox unit (GK310 / VL103 style) on a persistent connection: login, wait for the
 * login ack, report its SIM (0x94), then 4G 0xA0 locations (no ack), 0x26 alarms (acked), and
 * 0x13 heartbeats with its external power (0x94). Fixes wait in a buffer while offline.
 */
export class Gt06Tracker implements Tracker {
  private readonly link: TcpLink;
  private readonly pending: Fix[] = [];
  private serialNo = 0;
  private loggedIn = false;
  private loginSentAt = 0;
  private lastHeartbeat = 0;
  private received: Buffer = Buffer.alloc(0);

  constructor(
    private readonly serial: string,
    private readonly ctx: TrackerContext,
  ) {
    this.link = new TcpLink(ctx, ctx.ports.gt06, {
      connected: () => {
        this.serialNo = 0;
        this.received = Buffer.alloc(0);
        this.loginSentAt = ctx.now();
        this.link.write(encodeGt06Login(serial, this.nextSerialNo()));
      },
      data: (chunk) => this.onData(chunk),
      closed: () => {
        this.loggedIn = false;
      },
    });
  }

  report(fixes: readonly Fix[], now: number): void {
    buffer(this.pending, fixes, this.ctx.stats);
    if (this.link.open && !this.loggedIn && now - this.loginSentAt > ACK_TIMEOUT_MS) {
      this.link.reset(`GT06 ${this.serial}: no login ack within ${ACK_TIMEOUT_MS / 1000} s`);
    }
    this.link.ensure(now);
    this.flush(now);
  }

  close(): void {
    this.link.close();
  }

  private flush(now: number): void {
    if (!this.loggedIn || this.pending.length === 0) return;
    for (const fix of this.pending) {
      const location = toGt06Location(fix);
      const frame = fix.alarm
        ? encodeGt06Alarm(location, { ...toGt06Status(fix), alarm: fix.alarm }, this.nextSerialNo())
        : encodeGt06Location4g(location, this.nextSerialNo());
      this.link.write(frame);
    }
    this.ctx.stats.sent += this.pending.length;
    const last = this.pending[this.pending.length - 1]!;
    this.pending.length = 0;
    if (now - this.lastHeartbeat >= HEARTBEAT_MS) {
      this.lastHeartbeat = now;
      this.link.write(encodeGt06Heartbeat(toGt06Status(last), this.nextSerialNo()));
      this.link.write(encodeGt06ExternalVoltage(gt06ExternalVoltage(last), this.nextSerialNo()));
    }
  }

  private onData(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    try {
      for (;;) {
        const frame = readFrame(this.received);
        if (!frame) return;
        this.received = this.received.subarray(frame.size);
        if (frame.protocol === LOGIN) {
          this.loggedIn = true;
          this.link.markReady();
          this.link.write(encodeGt06Iccid(gt06SimIds(this.serial), this.nextSerialNo()));
          this.flush(this.ctx.now());
        } else if (ALARMS.has(frame.protocol)) {
          this.ctx.stats.acked++;
        }
      }
    } catch (error) {
      this.link.reset(`GT06 ${this.serial}: bad reply from server: ${String(error)}`);
    }
  }

  private nextSerialNo(): number {
    this.serialNo = nextGt06SerialNo(this.serialNo);
    return this.serialNo;
  }
}
