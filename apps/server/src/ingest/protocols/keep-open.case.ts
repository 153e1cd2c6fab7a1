import type { IngestMetrics } from '../ingest-metrics';
import type { ListenerPorts } from '../listeners';

/** One thing a device sends and what the server must answer, byte for byte. */
export interface Exchange {
  send: Buffer;
  /** Absent: the server must not answer (the device sends it again, or expects nothing). */
  answer?: Buffer;
}

/** A frame a device bent, and the listener counter its notice moves. */
export interface BentFrame extends Exchange {
  /** How it is bent, for the test's name: "a CRC-16 off by one bit". */
  what: string;
  counts?: keyof IngestMetrics;
}

/** A bend the family's framing has no field for, said in the test's name: "no bad checksum (... carry none)". */
export interface NoSuchField {
  none: string;
}

/**
 * What a family's devices send that a field-proven server must survive on one connection (issue
 * 41: "a keep-alive, a bad checksum and a wrong length keep the connection open"), with the
 * family's own packets. Read by keep-open.listener.test.ts, which sends the opening, the keep-
 * alive, the bad checksum, the wrong length and then a live position, and checks that the
 * position is stored and acknowledged on the same connection.
 */
export interface KeepOpenCase {
  /** The family's name in the test's title. */
  family: string;
  listener: keyof ListenerPorts;
  transport: 'tcp' | 'udp';
  serial: string;
  /** What identifies the device before anything else (login, identification, negotiation). */
  opening: Exchange[];
  keepAlive: Exchange | NoSuchField;
  badChecksum: BentFrame | NoSuchField;
  /**
   * `closes`: the framing cannot find the next frame after this one (no stop marker, no CRC to
   * resynchronise on), so the server hangs up; the device reconnects and sends its position again.
   */
  wrongLength: (BentFrame & { closes?: true }) | NoSuchField;
  /** A live fix at `time` and, where the protocol has one, the acknowledgement that it is stored. */
  position(time: Date): Exchange;
  /**
   * For a protocol that acknowledges nothing: a command queued once the position is stored, and
   * its bytes as the server writes them to the device, which show the connection still open.
   */
  command?: { text: string; bytes: Buffer };
}

export const isSent = <T extends Exchange>(step: T | NoSuchField): step is T => 'send' in step;
