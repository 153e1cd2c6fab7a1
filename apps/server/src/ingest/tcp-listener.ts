import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { PositionSink } from './position-sink';
import type { CellLocator } from '../adapters/cell-geolocation/cell-locator';
import { ProtocolError, type DecodedMessage, type TcpProtocol } from './protocols/types';
import { ConnectionNotices } from './connection-notices';
import { newMetrics } from './ingest-metrics';
import { listenOn } from './listen';
import { placeRadioScans } from './radio-positions';
import { ConnectionGate, DescriptorBudget } from './connection-gate';
import {
  DEFAULT_CONNECTION_LIMITS,
  idleTimeoutOf,
  type ConnectionLimits,
} from './connection-limits';

/** An open connection of an identified device: the command sender writes to it. */
export interface DeviceConnection {
  protocol: string;
  serial: string;
  write(bytes: Uint8Array): void;
  session: unknown;
}

export type ConnectionRegistry = Map<string, DeviceConnection>;

/** A client that sends this much without a complete frame is not a tracker. */
const MAX_BUFFERED_BYTES = 64 * 1024;

export interface TcpListener {
  port: number;
  metrics: ReturnType<typeof newMetrics>;
  close(): Promise<void>;
}

/**
 * Serves one binary protocol on a TCP port. Frames of a connection are handled in order, and a
 * frame carrying positions is acknowledged only after the pipeline has stored them. What a
 * decoder tolerated (a bad CRC, a wrong length byte, a keep-alive) is counted and logged once per
 * connection; only input that cannot be framed at all closes that connection, alone.
 */
export async function startTcpListener<S>(options: {
  protocol: TcpProtocol<S>;
  port: number;
  host?: string;
  pipeline: PositionSink;
  log: FastifyBaseLogger;
  connections: ConnectionRegistry;
  /** A device identified itself on a connection: commands queued for it can go now. */
  onIdentified?: (serial: string, protocol: string) => void;
  /** A device answered a command. */
  onCommandResponse?: (serial: string, text: string) => void;
  /** Places cell-tower and Wi-Fi reports; without it they stay status. */
  cellLocator?: CellLocator | undefined;
  /** Bounds of the port (connection-limits.ts); unset: the defaults. */
  limits?: ConnectionLimits;
  /** Shared by the process's listeners; unset: this listener's own. */
  budget?: DescriptorBudget;
}): Promise<TcpListener> {
  const { protocol, pipeline, connections } = options;
  const log = options.log.child({ protocol: protocol.name });
  const metrics = newMetrics();
  const limits = options.limits ?? DEFAULT_CONNECTION_LIMITS;
  const gate = new ConnectionGate(
    limits,
    options.budget ?? DescriptorBudget.forProcess(limits),
    metrics,
  );
  const idleTimeoutMs = idleTimeoutOf(protocol.name, limits);
  const sockets = new Set<net.Socket>();
  const inFlight = new Set<Promise<void>>();

  const server = net.createServer((socket) => {
    if (gate.admit(socket)) return;
    metrics.connections++;
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.setTimeout(idleTimeoutMs, () => {
      metrics.idleTimeouts++;
      socket.destroy();
    });
    const session = protocol.createSession();
    const remote = socket.remoteAddress;
    const notices = new ConnectionNotices(log, metrics, remote);
    let pending: Buffer = Buffer.alloc(0);
    let chain = Promise.resolve();
    let serial: string | undefined;
    // Runs from the first byte that is not yet a whole frame until one is (`framed`: a
    // message or a keep-alive): a sender trickling bytes, or garbage the decoder skips, keeps
    // the idle timer reset but not this one.
    let frameDeadline: NodeJS.Timeout | undefined;
    const watchFrame = (framed: boolean) => {
      if (framed) {
        clearTimeout(frameDeadline);
        frameDeadline = undefined;
      }
      if ((pending.length > 0 || !framed) && !frameDeadline) {
        frameDeadline = setTimeout(() => {
          metrics.frameTimeouts++;
          log.warn({ remote, serial }, 'frame not complete by the deadline; connection closed');
          socket.destroy();
        }, limits.frameDeadlineMs);
      }
    };

    const identify = (message: DecodedMessage) => {
      // Once per connection and serial: later messages repeat it, and commands queued later
      // reach an open connection without waiting for the next identification.
      if (message.serial && message.serial !== serial) {
        serial = message.serial;
        notices.identified(serial);
        connections.set(serial, {
          protocol: protocol.name,
          serial,
          session,
          write: (bytes) => socket.write(bytes),
        });
        options.onIdentified?.(serial, protocol.name);
      }
      if (message.commandResponse !== undefined && serial) {
        options.onCommandResponse?.(serial, message.commandResponse);
      }
    };

    /**
     * The messages of one read go to the pipeline together and their replies out in one write:
     * a tracker that sent ten frames at once waits for one batch, not ten in a row.
     */
    const handle = async (messages: DecodedMessage[]) => {
      messages.forEach(identify);
      if (options.cellLocator && messages.some((m) => m.radio)) {
        metrics.cellLocated += await placeRadioScans(messages, options.cellLocator, (error) => {
          metrics.cellLookupsFailed++;
          notices.listener(
            'cell-lookup-failed',
            `cell geolocation failed (${String(error)}); the report stays status`,
          );
        });
      }
      const positions = messages.flatMap((m) => m.positions);
      const statuses = messages.flatMap((m) => (m.status ? [m.status] : []));
      await pipeline.submit(positions, protocol.name, remote, statuses);
      const replies = messages.flatMap((m) => (m.reply ? [m.reply] : []));
      if (replies.length > 0 && !socket.destroyed)
        socket.write(replies.length === 1 ? replies[0]! : Buffer.concat(replies));
    };

    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let messages: DecodedMessage[];
      let framed = false;
      try {
        const decoded = protocol.decode(session, pending, new Date());
        pending = pending.subarray(decoded.consumed);
        framed =
          decoded.messages.length > 0 ||
          (decoded.notices?.some((n) => n.kind === 'keep-alive') ?? false);
        messages = decoded.messages;
        if (decoded.notices) notices.decoded(decoded.notices);
        if (pending.length > MAX_BUFFERED_BYTES)
          throw new ProtocolError('frame larger than 64 KiB');
      } catch (error) {
        metrics.malformed++;
        log.warn({ err: error, remote, serial }, 'input that cannot be framed; connection closed');
        socket.destroy();
        return;
      }
      watchFrame(framed);
      metrics.messages += messages.length;
      if (messages.length === 0) return;
      chain = chain.then(() => handle(messages));
      const settled = chain.catch((error: unknown) => {
        // Not stored means not acknowledged: the device keeps the data and sends it again.
        metrics.failedBatches++;
        log.error({ err: error, remote, serial }, 'could not store positions; connection closed');
        socket.destroy();
      });
      chain = settled;
      inFlight.add(settled);
      void settled.finally(() => inFlight.delete(settled));
    });
    socket.on('error', (error) => log.debug({ err: error, remote }, 'socket error'));
    socket.on('close', () => {
      clearTimeout(frameDeadline);
      sockets.delete(socket);
      notices.closed();
      if (serial && connections.get(serial)?.session === session) connections.delete(serial);
    });
  });

  const port = await listenOn(server, options.port, options.host, log);

  return {
    port,
    metrics,
    async close() {
      // Stop accepting, finish what was received (stored and acknowledged), then hang up.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...inFlight]);
      await pipeline.flush();
      for (const socket of sockets) socket.end();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
