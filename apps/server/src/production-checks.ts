import type { Config } from './config';
import type { Db } from './db/client';
import { demoLoginsPresent } from './demo/demo-logins.queries';

/** A start the server refuses; main prints its message and exits 2, as for a bad config. */
export class StartRefused extends Error {}

/**
 * Issue 39: a production install must not answer to the README's demo passwords (a platform
 * admin among them) because someone forgot SEED_DEMO=false. Keeping the demo in production
 * is allowed, but only when SEED_DEMO=true says so.
 */
export async function refuseDemoLoginsInProduction(config: Config, db: Db) {
  if (config.NODE_ENV !== 'production' || config.demoOnPurpose) return;
  const present = await demoLoginsPresent(db);
  if (present.length === 0) return;
  throw new StartRefused(
    [
      `Refusing to start: NODE_ENV=production and the database holds demo logins with the README's password (${present.join(', ')}).`,
      'Remove them (or start on a fresh database), or set SEED_DEMO=true to keep the demo on purpose.',
    ].join('\n'),
  );
}
