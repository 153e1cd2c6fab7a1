import type net from 'node:net';
import { readFrame } from '../../../apps/server/src/ingest/protocols/gt06/gt06.frame';
import { Gt06Frames } from '../frames';
import { FixCursor, latencyKey, openSocket, type LoadTracker } from './tracker';

const LOGIN = 0x01;
const HEARTBEAT = 0x13;
/**
 * Locations per heartbeat. The heartbeat's answer comes after everything before it is stored,
 * which gives the bench flow control; one per ten locations is the ratio of a real unit (a
 * heartbeat every few minutes, a location every 10–20 s), and the server does work for each.
 */
const GROUP = 10;
/**
 * Groups in flight per connection. The server stores the frames of one read together, so a
 * group is one batch's worth for this tracker; more would only lengthen the drain at the end.
 */
const WINDOW = 1;

/**
 * A GT06 sending 0x22 locations, which the server never acknowledges. The server handles a
 * connection's frames in order, so the answer to a heartbeat sent after a group is the proof
 * that the group is stored: that gives the bench flow control without changing the protocol.
 */
export class Gt06Load extends FixCursor implements LoadTracker {
  private socket: net.Socket | undefined;
  private received: Buffer = Buffer.alloc(0);
  private readonly frames = new Gt06Frames();
  private groups: { bytes: Buffer; positions: number }[] = [];
  private onReply: ((protocol: number) => void) | undefined;
  private onClose: (() => void) | undefined;

  async connect() {
    const socket = await openSocket(this.target.host, this.target.ports.gt06);
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.onClose?.());
    const loggedIn = new Promise<void>((resolve) => {
      this.onReply = (protocol) => protocol === LOGIN && resolve();
    });
    socket.write(this.frames.login(this.device.serial));
    await loggedIn;
    this.onReply = undefined;
  }

  prepare(positions: number) {
    this.groups = [];
    for (let i = 0; i < positions; i += GROUP) this.groups.push(this.encodeGroup());
  }

  blast(deadline: number, onAcked: (positions: number) => void): Promise<number> {
    const groups = this.groups;
    this.groups = [];
    return new Promise((resolve) => {
      let acked = 0;
      const outstanding: number[] = [];
      const finish = () => {
        this.onReply = this.onClose = undefined;
        resolve(acked);
      };
      const pump = () => {
        while (outstanding.length < WINDOW && Date.now() < deadline) {
          // Past the pre-encoded stock (a fast server), encode on demand.
          const group = groups.shift() ?? this.encodeGroup();
          this.socket?.write(group.bytes);
          outstanding.push(group.positions);
        }
        if (outstanding.length === 0) finish();
      };
      this.onReply = (protocol) => {
        if (protocol !== HEARTBEAT) return;
        const positions = outstanding.shift() ?? 0;
        acked += positions;
        onAcked(positions);
        pump();
      };
      this.onClose = finish;
      pump();
    });
  }

  sendNext() {
    const fix = this.nextFix();
    this.socket?.write(this.frames.location(fix));
    return latencyKey(this.device.id, fix.time);
  }

  close() {
    this.socket?.destroy();
  }

  private encodeGroup() {
    const locations = this.nextFixes(GROUP).map((f) => this.frames.location(f));
    return { bytes: Buffer.concat([...locations, this.frames.heartbeat()]), positions: GROUP };
  }

  private read(chunk: Buffer) {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    for (;;) {
      const frame = readFrame(this.received);
      if (!frame) return;
      this.received = this.received.subarray(frame.size);
      this.onReply?.(frame.protocol);
    }
  }
}
