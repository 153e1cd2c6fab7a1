import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '../test/machine-postgres';
import { openDatabase, type Database } from './client';
import { createMonthPartition, monthPartition, positionPartitions } from './position-partitions';

/**
 * Two workers whose first batches of a month commit at once both make its partition: on the
 * machine's PostgreSQL, two connections in two transactions, neither failing.
 */

let drop: () => Promise<void>;
const opened: Database[] = [];
beforeAll(async () => {
  const database = await emptyPostgresDatabase();
  drop = database.drop;
  for (let i = 0; i < 2; i++)
    opened.push(await openDatabase({ kind: 'postgres', url: database.url }));
  await opened[0]!.migrate();
});
afterAll(async () => {
  for (const database of opened) await database.close();
  await drop();
});

describe("a month's partition", () => {
  it('is made once when two transactions make it at the same time', async () => {
    const month = monthPartition(new Date(Date.UTC(2031, 4, 17)));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first makes it and holds its transaction open while the second tries.
    const first = opened[0]!.db.transaction(async (tx) => {
      await createMonthPartition(tx, month, false);
      await held;
    });
    await new Promise((r) => setTimeout(r, 100));
    const second = opened[1]!.db.transaction((tx) => createMonthPartition(tx, month, false));
    await new Promise((r) => setTimeout(r, 200));
    release();
    await expect(Promise.all([first, second])).resolves.toBeDefined();
    const names = (await positionPartitions(opened[0]!.db)).map((p) => p.name);
    expect(names.filter((n) => n === month.name)).toHaveLength(1);
  });
});
