import dgram from 'node:dgram';
import type { FastifyBaseLogger } from 'fastify';
import type { PositionSink } from './position-sink';
import type { CellLocator } from '../adapters/cell-geolocation/cell-locator';
import { ProtocolError, type DecodedMessage, type TcpProtocol } from './protocols/types';
import { ConnectionNotices } from './connection-notices';
import { newMetrics } from './ingest-metrics';
import { placeRadioScans } from './radio-positions';
import type { TcpListener } from './tcp-listener';

/**
 * Serves a framed protocol whose devices send each report as one UDP datagram (Teltonika UDP).
 * A datagram is decoded alone, with a fresh session: it must hold whole frames and nothing else.
 * Its positions are stored before its answer goes back to the address it came from, and the
 * datagrams of one address are handled in order. A datagram that cannot be framed, or whose
 * length field disagrees with its size, is dropped unanswered (the device sends it again) and
 * counted; the port keeps serving every device.
 */
export async function startUdpListener<S>(options: {
  protocol: TcpProtocol<S>;
  port: number;
  host?: string;
  pipeline: PositionSink;
  log: FastifyBaseLogger;
  /** Places cell-tower and Wi-Fi reports; without it they stay status. */
  cellLocator?: CellLocator | undefined;
}): Promise<TcpListener> {
  const { protocol, pipeline } = options;
  const log = options.log.child({ protocol: protocol.name, transport: 'udp' });
  const metrics = newMetrics();
  const socket = dgram.createSocket('udp4');
  /** The last datagram in hand per address, so that one device's reports keep their order. */
  const chains = new Map<string, Promise<void>>();
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  const handle = async (
    messages: DecodedMessage[],
    notices: ConnectionNotices,
    to: dgram.RemoteInfo,
  ) => {
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
    await pipeline.submit(positions, protocol.name, to.address, statuses);
    const replies = messages.flatMap((m) => (m.reply ? [m.reply] : []));
    if (replies.length > 0 && !closed) {
      socket.send(replies.length === 1 ? replies[0]! : Buffer.concat(replies), to.port, to.address);
    }
  };

  socket.on('message', (datagram, from) => {
    metrics.connections++;
    const notices = new ConnectionNotices(log, metrics, from.address);
    let messages: DecodedMessage[];
    try {
      const decoded = protocol.decode(protocol.createSession(), datagram, new Date());
      if (decoded.consumed !== datagram.length) {
        throw new ProtocolError(
          `datagram of ${datagram.length} bytes holds ${decoded.consumed} bytes of whole frames: its length field disagrees`,
        );
      }
      messages = decoded.messages;
      const serial = messages.find((m) => m.serial)?.serial;
      if (serial) notices.identified(serial);
      if (decoded.notices) notices.decoded(decoded.notices);
      notices.closed();
    } catch (error) {
      // A decoder fault must not take the port down for every other device either.
      metrics.malformed++;
      const level = error instanceof ProtocolError ? 'warn' : 'error';
      log[level]({ err: error, remote: from.address }, 'datagram that cannot be framed; dropped');
      return;
    }
    metrics.messages += messages.length;
    if (messages.length === 0) return;
    const key = `${from.address}:${from.port}`;
    const settled = (chains.get(key) ?? Promise.resolve())
      .then(() => handle(messages, notices, from))
      .catch((error: unknown) => {
        // Not stored means not answered: the device sends the datagram again.
        metrics.failedBatches++;
        log.error({ err: error, remote: from.address }, 'could not store positions; not answered');
      });
    chains.set(key, settled);
    inFlight.add(settled);
    void settled.finally(() => {
      inFlight.delete(settled);
      if (chains.get(key) === settled) chains.delete(key);
    });
  });
  socket.on('error', (error) => log.warn({ err: error }, 'UDP socket error'));

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port, options.host ?? '0.0.0.0', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const port = socket.address().port;
  log.info({ port }, 'listening for devices over UDP');

  return {
    port,
    metrics,
    async close() {
      // Finish what was received (stored and answered), then stop.
      await Promise.allSettled([...inFlight]);
      await pipeline.flush();
      closed = true;
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
