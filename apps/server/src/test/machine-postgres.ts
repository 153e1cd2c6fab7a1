import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDatabase } from './global-setup';

/** The machine's PostgreSQL: what several processes share, even on a PGlite test run. */
export const MACHINE_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The machine's NATS, with JetStream. */
export const MACHINE_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/**
 * An empty database of the calling test's own on the machine's PostgreSQL (the processes it
 * starts migrate it), and its drop.
 */
export async function emptyPostgresDatabase() {
  const name = `waymark_split_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: MACHINE_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: withDatabase(MACHINE_POSTGRES_URL, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: MACHINE_POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
