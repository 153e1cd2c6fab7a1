import type net from 'node:net';
import { readTeltonikaAck } from '../../../apps/server/src/ingest/protocols/teltonika/teltonika.device';
import { teltonikaImei, teltonikaPacket } from '../frames';
import {
  FixCursor,
  latencyKey,
  openSocket,
  type LoadDevice,
  type LoadTarget,
  type LoadTracker,
} from './tracker';

const IMEI_ACCEPTED = 0x01;

/**
 * A Teltonika FMB flushing its buffer: one Codec 8E packet of `recordsPerPacket` records at a
 * time, the next only after the server acknowledged the record count (it does so once they
 * are stored), exactly as the device firmware does.
 */
export class TeltonikaLoad extends FixCursor implements LoadTracker {
  private socket: net.Socket | undefined;
  private received: Buffer = Buffer.alloc(0);
  private packets: { bytes: Buffer; records: number }[] = [];
  private handshaken: (() => void) | undefined;
  private onAck: ((count: number) => void) | undefined;
  private onClose: (() => void) | undefined;
  private inFlight = false;

  constructor(
    device: LoadDevice,
    target: LoadTarget,
    private readonly recordsPerPacket: number,
  ) {
    super(device, target);
  }

  async connect() {
    const socket = await openSocket(this.target.host, this.target.ports.teltonika);
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.onClose?.());
    const accepted = new Promise<void>((resolve) => (this.handshaken = resolve));
    socket.write(teltonikaImei(this.device.serial));
    await accepted;
  }

  prepare(positions: number) {
    this.packets = [];
    for (let i = 0; i < positions; i += this.recordsPerPacket) this.packets.push(this.encode());
  }

  blast(deadline: number, onAcked: (positions: number) => void): Promise<number> {
    const packets = this.packets;
    this.packets = [];
    return new Promise((resolve) => {
      let acked = 0;
      const finish = () => {
        this.onAck = this.onClose = undefined;
        resolve(acked);
      };
      const send = () => {
        if (Date.now() >= deadline) return finish();
        // Past the pre-encoded stock (a fast server), encode on demand.
        this.socket?.write((packets.shift() ?? this.encode()).bytes);
      };
      this.onAck = (count) => {
        acked += count;
        onAcked(count);
        send();
      };
      this.onClose = finish;
      send();
    });
  }

  sendNext() {
    if (this.inFlight) return undefined;
    const fix = this.nextFix();
    this.inFlight = true;
    this.onAck = () => (this.inFlight = false);
    this.socket?.write(teltonikaPacket([fix]));
    return latencyKey(this.device.id, fix.time);
  }

  close() {
    this.socket?.destroy();
  }

  private encode() {
    const records = this.recordsPerPacket;
    return { bytes: teltonikaPacket(this.nextFixes(records)), records };
  }

  private read(chunk: Buffer) {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    if (this.handshaken) {
      if (this.received[0] !== IMEI_ACCEPTED) {
        this.socket?.destroy(new Error(`Teltonika ${this.device.serial}: IMEI refused`));
        return;
      }
      this.received = this.received.subarray(1);
      this.handshaken();
      this.handshaken = undefined;
    }
    for (;;) {
      const count = readTeltonikaAck(this.received);
      if (count === undefined) return;
      this.received = this.received.subarray(4);
      this.onAck?.(count);
    }
  }
}
