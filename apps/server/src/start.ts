import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { isEmpty, seedDemo } from './demo/demo';
import { seedDemoFleet } from './demo/demo-fleet';
import { seedDemoShipments } from './demo/demo-shipments';
import { seedDemoRules } from './demo/demo-rules';
import { seedTimezones } from './db/seed/timezones';
import { buildApp } from './http/app';
import { createContext } from './context';

/**
 * Opens the database, migrates, seeds what an empty database needs and builds the app, the
 * same way for `npm start`, the browser tests' server and the benchmarks.
 */
export async function startServices(config: Config, logger: FastifyServerOptions['logger']) {
  const database = await openDatabase(config.database);
  await database.migrate();
  await seedTimezones(database.db);
  const app = await buildApp((log) => createContext(config, database, log), { logger });
  const ctx = app.ctx;
  let seeded = false;
  if (config.SEED_DEMO && (await isEmpty(database.db))) {
    await seedDemo(database.db, { reportUrl: config.DEMO_REPORT_URL });
    await seedDemoFleet(database, ctx.pipeline, app.log);
    await seedDemoShipments(ctx, app.log);
    await seedDemoRules(ctx);
    seeded = true;
  }
  return { ctx, app, seeded };
}
