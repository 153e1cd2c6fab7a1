import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { isEmpty } from './demo/demo';
import { seedDemoInstallation } from './demo/demo-installation';
import { seedTimezones } from './db/seed/timezones';
import { buildApp } from './http/app';
import { createContext } from './context';
import { refuseDemoLoginsInProduction } from './production-checks';

/**
 * Opens the database, migrates, seeds what an empty database needs and builds the app, the
 * same way for `npm start`, the browser tests' server and the benchmarks. Throws
 * StartRefused in production while demo logins exist and SEED_DEMO=true was not set.
 */
export async function startServices(config: Config, logger: FastifyServerOptions['logger']) {
  const database = await openDatabase(config.database);
  await database.migrate();
  await seedTimezones(database.db);
  try {
    await refuseDemoLoginsInProduction(config, database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp((log) => createContext(config, database, log), {
    logger,
    trustProxy: config.TRUST_PROXY,
  });
  const ctx = app.ctx;
  let seeded = false;
  if (config.SEED_DEMO && (await isEmpty(database.db))) {
    await seedDemoInstallation(database, ctx, app.log, config.DEMO_REPORT_URL);
    seeded = true;
  }
  return { ctx, app, seeded };
}
