import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { seedTimezones } from '../db/seed/timezones';
import { refuseDemoLoginsInProduction } from '../production-checks';

/**
 * Opens the database, migrates and seeds what every database needs, whatever the roles.
 * Throws StartRefused in production while demo logins exist and SEED_DEMO=true was not set.
 */
export async function openInstallation(config: Config) {
  const database = await openDatabase(config.database);
  await database.migrate();
  await seedTimezones(database.db);
  try {
    await refuseDemoLoginsInProduction(config, database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
