import type { FastifyServerOptions } from 'fastify';
import { createMailer } from './adapters/mail/mailer';
import type { AppContext } from './app-context';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { isEmpty, seedDemo } from './db/seed/demo';
import { seedTimezones } from './db/seed/timezones';
import { buildApp } from './http/app';

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
  const ctx: AppContext = { config, database, mailer: createMailer(config, database.db) };
  const app = await buildApp(ctx, { logger });
  return { ctx, app, seeded };
}
