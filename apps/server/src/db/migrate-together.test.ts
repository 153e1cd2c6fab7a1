import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '../test/machine-postgres';
import { openDatabase } from './client';

/**
 * The processes of a split set-up start together on a new database and each migrates it
 * (`npm run cluster`): on the machine's PostgreSQL, whatever database the suite runs on.
 */
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

describe('migrating from several processes at once', { timeout: 120_000 }, () => {
  it('applies every migration once, and every opener starts', async () => {
    const empty = await emptyPostgresDatabase();
    drops.push(empty.drop);
    const openers = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: empty.url })),
    );
    try {
      const results = await Promise.allSettled(openers.map((database) => database.migrate()));
      expect(results.map((r) => r.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      const applied = await client.query<{ n: string; distinct: string }>(
        'SELECT count(*) AS n, count(DISTINCT hash) AS distinct FROM drizzle.__drizzle_migrations',
      );
      await client.end();
      expect(Number(applied.rows[0]!.n)).toBeGreaterThan(30);
      expect(applied.rows[0]!.n).toBe(applied.rows[0]!.distinct);
    } finally {
      for (const database of openers) await database.close();
    }
  });
});
