import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { Database } from './client';
import { textRowBatches } from './text-rows';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Rows `"1"` … `"count"` as JSON text, failing at row `failAt` (division by zero). */
const numbers = (count: number, failAt = 0) =>
  database.db
    .select({ j: sql<string>`to_json((n / (n - ${failAt}::int)) * (n - ${failAt}::int))::text` })
    .from(sql`generate_series(1, ${count}::int) n`)
    .orderBy(sql`n`);

const collect = async (batches: AsyncIterable<string[]>) => {
  const all: string[][] = [];
  for await (const batch of batches) all.push(batch);
  return all;
};

describe('textRowBatches', () => {
  it('reads every row text in order, in batches', async () => {
    const batches = await collect(textRowBatches(database.db, numbers(4500)));
    expect(batches.map((b) => b.length)).toEqual([2000, 2000, 500]);
    expect(batches.flat()).toEqual(Array.from({ length: 4500 }, (_, i) => String(i + 1)));
  });

  it('reads nothing from an empty result', async () => {
    expect(await collect(textRowBatches(database.db, numbers(0)))).toEqual([]);
  });

  it("passes the query's failure to the reader and gives the connection back", async () => {
    // More failing reads than the pool has connections: each must return its own.
    for (let i = 0; i < 12; i++) {
      const failure = await collect(textRowBatches(database.db, numbers(4500, 4200))).then(
        () => new Error('no failure'),
        (error: Error) => error,
      );
      // drizzle (PGlite) wraps the database's error as the cause of its own.
      const cause = failure.cause instanceof Error ? failure.cause.message : '';
      expect(`${failure.message} ${cause}`).toMatch(/division by zero/);
    }
    const batches = await collect(textRowBatches(database.db, numbers(3)));
    expect(batches).toEqual([['1', '2', '3']]);
  });
});
