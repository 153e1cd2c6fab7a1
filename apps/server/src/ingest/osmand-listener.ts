import http from 'node:http';
import type net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { PositionSink } from './position-sink';
import { decodeOsmAnd } from './protocols/osmand/osmand.decoder';
import { ProtocolError } from './protocols/types';
import { newMetrics } from './ingest-metrics';
import { listenOn } from './listen';
import type { TcpListener } from './tcp-listener';
import { ConnectionGate, DescriptorBudget } from './connection-gate';
import {
  DEFAULT_CONNECTION_LIMITS,
  idleTimeoutOf,
  type ConnectionLimits,
} from './connection-limits';

const MAX_BODY_BYTES = 256 * 1024;

/**
 * OsmAnd / Traccar Client over HTTP: answers 200 only once the fix is stored, 400 with the
 * reason for a malformed request.
 */
export async function startOsmAndListener(options: {
  port: number;
  host?: string;
  pipeline: PositionSink;
  log: FastifyBaseLogger;
  limits?: ConnectionLimits;
  budget?: DescriptorBudget;
}): Promise<TcpListener> {
  const log = options.log.child({ protocol: 'osmand' });
  const metrics = newMetrics();
  const limits = options.limits ?? DEFAULT_CONNECTION_LIMITS;
  const gate = new ConnectionGate(
    limits,
    options.budget ?? DescriptorBudget.forProcess(limits),
    metrics,
  );
  const server = http.createServer(
    {
      // A request that has started (headers and body) must be complete by the frame
      // deadline; Node checks open requests this often.
      requestTimeout: limits.frameDeadlineMs,
      headersTimeout: limits.frameDeadlineMs,
      connectionsCheckingInterval: Math.min(limits.frameDeadlineMs, 30_000) / 2,
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) request.destroy();
        else chunks.push(chunk);
      });
      request.on('end', () => {
        metrics.messages++;
        const url = new URL(request.url ?? '/', 'http://device');
        let positions;
        try {
          positions = decodeOsmAnd(
            {
              method: request.method ?? 'GET',
              query: Object.fromEntries(url.searchParams),
              ...(request.headers['content-type']
                ? { contentType: request.headers['content-type'] }
                : {}),
              body: Buffer.concat(chunks).toString('utf8'),
            },
            new Date(),
          ).positions;
        } catch (error) {
          metrics.malformed++;
          const message = error instanceof ProtocolError ? error.message : 'Bad request';
          log.warn(
            { err: error, remote: request.socket.remoteAddress },
            'malformed OsmAnd request',
          );
          response.writeHead(400, { 'content-type': 'text/plain' }).end(message);
          return;
        }
        options.pipeline.submit(positions, 'osmand', request.socket.remoteAddress).then(
          () => response.writeHead(200).end(),
          (error: unknown) => {
            metrics.failedBatches++;
            log.error({ err: error }, 'could not store OsmAnd positions');
            response.writeHead(503).end();
          },
        );
      });
    },
  );
  server.on('connection', (socket: net.Socket) => {
    if (gate.admit(socket)) return;
    metrics.connections++;
  });
  server.timeout = idleTimeoutOf('osmand', limits);
  server.keepAliveTimeout = Math.min(server.keepAliveTimeout, server.timeout);
  server.on('timeout', (socket: net.Socket) => {
    metrics.idleTimeouts++;
    socket.destroy();
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: net.Socket) => {
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (timedOut) metrics.frameTimeouts++;
    if (socket.writable && !socket.writableEnded) {
      socket.end(
        timedOut ? 'HTTP/1.1 408 Request Timeout\r\n\r\n' : 'HTTP/1.1 400 Bad Request\r\n\r\n',
      );
    }
    socket.destroy();
  });
  const port = await listenOn(server, options.port, options.host, log);
  return {
    port,
    metrics,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await options.pipeline.flush();
      await closed;
    },
  };
}
