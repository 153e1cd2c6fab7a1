import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { isEmpty, seedDemo } from './db/seed/demo';
import { seedTimezones } from './db/seed/timezones';
import { buildApp } from './http/app';
import { createContext } from './context';

/**
 * Opens the database, migrates, seeds what an empty database needs and builds the app.
 * Shared by main and the browser tests' server so both start the product the same way.
 */
export async function startServices(config: Config, logger: FastifyServerOptions['logger']) {
  const database = await openDatabase(config.database);
  await database.migrate();
  await seedTimezones(database.db);
  let seeded = false;
  if (config.SEED_DEMO && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    seeded = true;
  }
  const app = await buildApp((log) => createContext(config, database, log), { logger });
  const ctx = app.ctx;
  return { ctx, app, seeded };
}
