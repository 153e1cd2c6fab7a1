import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { createAccount, createDevice, createTestApp, type TestApp } from '../../test/test-app';
import { createPartitionsAhead } from './history-partitions.job';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The partitions of `positions` as PostgreSQL's catalogue has them, with their bounds. */
async function partitionsInCatalogue() {
  const rows = await queryRows<{ name: string; bound: string }>(
    t.db,
    sql`SELECT child.relname AS name, pg_get_expr(child.relpartbound, child.oid) AS bound
        FROM pg_inherits
        JOIN pg_class child ON child.oid = pg_inherits.inhrelid
        WHERE pg_inherits.inhparent = 'positions'::regclass
        ORDER BY child.relname`,
  );
  return new Map(rows.map((row) => [row.name, row.bound]));
}

describe('the history-partitions job', () => {
  it("makes this month's and the next two months' partitions, across a new year", async () => {
    // A day in a year no other test writes: the tables are this run's alone.
    const made = await createPartitionsAhead(t.ctx, new Date('2041-11-15T12:00:00Z'));
    expect(made).toEqual(['positions_2041_11', 'positions_2041_12', 'positions_2042_01']);
    const catalogue = await partitionsInCatalogue();
    for (const name of made) expect(catalogue.has(name), name).toBe(true);
    expect(catalogue.get('positions_2042_01')).toMatch(
      /FROM \('2042-01-01 00:00:00\+00'\) TO \('2042-02-01 00:00:00\+00'\)/,
    );
    expect(catalogue.has('positions_2042_02')).toBe(false);
  });

  it('changes nothing when it runs again', async () => {
    await createPartitionsAhead(t.ctx, new Date('2043-03-01T00:00:00Z'));
    const before = await partitionsInCatalogue();
    await createPartitionsAhead(t.ctx, new Date('2043-03-31T23:59:59Z'));
    expect(await partitionsInCatalogue()).toEqual(before);
  });

  it('lets the pipeline write into the table it made, which the pipeline names the same', async () => {
    await createPartitionsAhead(t.ctx, new Date('2044-06-10T00:00:00Z'));
    const before = await partitionsInCatalogue();
    const account = await createAccount(t);
    const device = await createDevice(t, account);
    // A fix of a month made ahead (far off: the tracker's clock is wrong, stored as filtered).
    await t.ctx.pipeline.submit(
      [
        {
          serial: device.serial,
          deviceTime: new Date('2044-07-04T10:00:00Z'),
          lat: 41.88,
          lng: -87.63,
          valid: true,
          fix: 'gps',
        },
      ],
      'test',
    );
    expect(await partitionsInCatalogue()).toEqual(before);
    const stored = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM positions_2044_07 WHERE device_id = ${device.id}`,
    );
    expect(stored[0]!.n).toBe(1);
  });
});
