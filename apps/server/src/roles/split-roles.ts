import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import type { AppContext } from '../app-context';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { buildHttpApp } from '../http/app';
import { PositionStream } from '../stream/position-stream';
import { rebuildOnPartition } from '../stream/stream-rebuilds';
import { StreamSink } from '../stream/stream-sink';
import { consumeStream } from '../stream/stream-worker';
import { apiRoutes } from './api';
import { openInstallation } from './open-installation';
import { closeContext, createContext } from './shared-context';
import { startWorker } from './worker';

/**
 * Starts the roles config.ROLES names (a split set-up on PostgreSQL and NATS) around the
 * position stream: what is decoded (ingest) or uploaded (api) goes to the stream, and a
 * worker reads the partitions it holds into its pipeline. api alone is HTTP without a
 * pipeline; worker alone has no HTTP (a logger of its own). A split process never seeds the
 * demo; the installation's first `npm start` or `create-admin` does. Answers what `main.ts`
 * starts the listeners on (`sink`) and closes.
 */
export async function startSplitRoles(config: Config, logger: LoggerOptions) {
  const database = await openInstallation(config);
  if (config.ROLES.has('api')) {
    let roles: Awaited<ReturnType<typeof openRoles>> | undefined;
    const app = await buildHttpApp(
      {
        makeContext: async (log) => {
          roles = await openRoles(config, database, log);
          return roles.ctx;
        },
        routes: (app, ctx) => apiRoutes({ positions: roles!.sink })(app, ctx),
        close: () => roles!.close(),
      },
      { logger: logger as FastifyServerOptions['logger'], trustProxy: config.TRUST_PROXY },
    );
    return { app, ctx: app.ctx, log: app.log, sink: roles!.sink, close: () => app.close() };
  }
  const log = pino(logger);
  const roles = await openRoles(config, database, log);
  return { app: undefined, ctx: roles.ctx, log, sink: roles.sink, close: roles.close };
}

/** The shared context, the stream, and the worker role reading it when this process has it. */
async function openRoles(config: Config, database: Database, log: FastifyBaseLogger) {
  const shared = await createContext(config, database, log);
  if (config.bus.kind !== 'nats') throw new Error('a split set-up runs on NATS (BUS_URL)');
  const stream = await PositionStream.open(config.bus, log);
  const sink = new StreamSink(stream);
  let ctx: AppContext = shared;
  let stop = async () => {};
  if (config.ROLES.has('worker')) {
    const worker = await startWorker(shared, log, {
      rebuildTrips: rebuildOnPartition(database.db, sink),
    });
    const consuming = await consumeStream(stream, worker.ctx.pipeline, database.db, log);
    ctx = worker.ctx;
    stop = async () => {
      await consuming.stop();
      await worker.stop();
    };
  }
  return {
    ctx,
    sink,
    /** After the listeners: the reading stops, the pipeline commits, then the rest closes. */
    close: async () => {
      await sink.flush();
      await stop();
      await stream.close();
      await closeContext(ctx);
    },
  };
}
