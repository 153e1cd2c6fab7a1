import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { AppContext } from '../app-context';
import type { Config } from '../config';
import { isEmpty } from '../demo/demo';
import { seedDemoInstallation } from '../demo/demo-installation';
import { buildHttpApp } from '../http/app';
import { apiRoutes } from './api';
import { openInstallation } from './open-installation';
import { closeContext, createContext } from './shared-context';
import { startWorker } from './worker';

/**
 * The api and worker roles on one HTTP app: what `npm start`, the tests and the benchmarks
 * run (the device listeners join it in `main.ts`, `roles/ingest.ts`).
 */
export async function buildApp(
  makeContext: (log: FastifyBaseLogger) => Promise<AppContext>,
  options: { logger?: FastifyServerOptions['logger']; trustProxy?: boolean } = {},
) {
  let stopWorker = async () => {};
  return buildHttpApp(
    {
      makeContext: async (log) => {
        const worker = await startWorker(await makeContext(log), log);
        stopWorker = worker.stop;
        return worker.ctx;
      },
      routes: (app, ctx) => apiRoutes({ positions: ctx.pipeline })(app, ctx),
      close: async (ctx) => {
        await stopWorker();
        await closeContext(ctx);
      },
    },
    options,
  );
}

/**
 * Opens the database and builds the all-in-one app, seeding the demo into an empty database
 * when SEED_DEMO is on: the same way for `npm start`, the browser tests' server and the
 * benchmarks. Throws StartRefused in production while demo logins exist and SEED_DEMO=true
 * was not set.
 */
export async function startServices(config: Config, logger: FastifyServerOptions['logger']) {
  const database = await openInstallation(config);
  const app = await buildApp((log) => createContext(config, database, log), {
    logger,
    trustProxy: config.TRUST_PROXY,
  });
  const ctx = app.ctx;
  let seeded = false;
  if (config.SEED_DEMO && (await isEmpty(database.db))) {
    await seedDemoInstallation(database, ctx, ctx.pipeline, app.log, config.DEMO_REPORT_URL);
    seeded = true;
  }
  return { ctx, app, seeded };
}
