import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from './config';
import { openDatabase } from './db/client';
import { createFirstAdmin, FIRST_ADMIN_LINK_TTL_MS } from './modules/auth/first-admin';

/**
 * `npm run create-admin -- --email you@example.com [--name "Your Name"]`: a platform admin
 * for a fresh production install (no demo logins there), with a printed one-time link to set
 * the password. Uses the same environment (DATABASE_URL, DATA_DIR, APP_URL) as the server.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' } },
  });
  if (!values.email) {
    console.error('Usage: npm run create-admin -- --email you@example.com [--name "Your Name"]');
    process.exit(2);
  }
  const config = parseConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const link = await createFirstAdmin(database.db, config.appUrl, {
      email: values.email,
      ...(values.name ? { name: values.name } : {}),
    });
    const hours = FIRST_ADMIN_LINK_TTL_MS / 3600_000;
    console.log(
      [
        `${values.email.trim().toLowerCase()} is a platform admin.`,
        `Open this link within ${hours} hours to set the password (it works once):`,
        `  ${link.href}`,
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
