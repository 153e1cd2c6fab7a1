import type { FastifyServerOptions } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import type { Config } from '../config';
import { buildHttpApp } from '../http/app';
import { buildApp } from './all-in-one';
import { apiRoutes } from './api';
import { openInstallation } from './open-installation';
import { closeContext, createContext } from './shared-context';
import { startWorker } from './worker';

/**
 * Starts the roles config.ROLES names (a split set-up on PostgreSQL and NATS): api alone
 * (HTTP without a pipeline), api with worker, or worker alone (no HTTP: a logger of its own).
 * A split process never seeds the demo; the installation's first `npm start` or
 * `create-admin` does. Answers what `main.ts` starts the listeners on and closes.
 */
export async function startSplitRoles(config: Config, logger: LoggerOptions) {
  const database = await openInstallation(config);
  const makeShared = (log: Parameters<typeof createContext>[2]) =>
    createContext(config, database, log);
  const httpOptions = {
    logger: logger as FastifyServerOptions['logger'],
    trustProxy: config.TRUST_PROXY,
  };
  if (config.ROLES.has('api') && config.ROLES.has('worker')) {
    const app = await buildApp(makeShared, httpOptions);
    return {
      app,
      ctx: app.ctx,
      log: app.log,
      pipeline: app.ctx.pipeline,
      close: () => app.close(),
    };
  }
  if (config.ROLES.has('api')) {
    const app = await buildHttpApp(
      { makeContext: makeShared, routes: apiRoutes({}), close: closeContext },
      httpOptions,
    );
    return { app, ctx: app.ctx, log: app.log, pipeline: undefined, close: () => app.close() };
  }
  const log = pino(logger);
  const worker = await startWorker(await makeShared(log), log);
  return {
    app: undefined,
    ctx: worker.ctx,
    log,
    pipeline: worker.ctx.pipeline,
    close: async () => {
      await worker.stop();
      await closeContext(worker.ctx);
    },
  };
}
