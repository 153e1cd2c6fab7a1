import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from './client';

/**
 * The monthly partitions of `positions` (drizzle/0002_positions.sql): one table per calendar
 * month of fix time in UTC, named `positions_YYYY_MM`. The pipeline creates a month's table in
 * the batch that first needs it, the `history-partitions` job creates the coming months ahead,
 * and `history-retention` drops the months no account keeps any more; all three name a month
 * here, so they can never disagree about which table holds which fixes.
 */
export interface MonthPartition {
  /** The table's name, `positions_2026_11`. */
  name: string;
  /** The first instant of the month (inclusive), UTC. */
  from: Date;
  /** The first instant of the next month (exclusive), UTC. */
  to: Date;
}

const NAME = /^positions_(\d{4})_(\d{2})$/;

/** The partition that holds fixes at `at`, `monthsLater` months on. */
export function monthPartition(at: Date, monthsLater = 0): MonthPartition {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + monthsLater;
  const from = new Date(Date.UTC(year, month, 1));
  const to = new Date(Date.UTC(year, month + 1, 1));
  const name = `positions_${from.getUTCFullYear()}_${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
  return { name, from, to };
}

/** The month a partition's name stands for; undefined for a table not named by us. */
export function partitionNamed(name: string): MonthPartition | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  return monthPartition(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** The advisory lock class of partition creators ('posp'), the month being the second key. */
const PARTITION_LOCK = 0x706f7370;

/**
 * Creates the month's partition unless it exists; safe inside a batch's transaction. Two
 * workers making the same month at once would both pass IF NOT EXISTS and one fail on the
 * catalogue ("already exists", found by bench:scale with two workers): creators take a lock in
 * turn, held to the end of their transaction, so the second sees the first's table.
 */
export async function createMonthPartition(
  db: Tx | Db,
  partition: MonthPartition,
  /** No other process makes partitions here (PGlite, which waits forever on this lock; a seed). */
  alone: boolean,
) {
  if (!alone)
    await db.execute(
      sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK}::int, ${monthIndex(partition)}::int)`,
    );
  // The name and bounds come from monthPartition (digits and ISO instants), never from input.
  await db.execute(
    sql.raw(
      `CREATE TABLE IF NOT EXISTS ${partition.name} PARTITION OF positions ` +
        `FOR VALUES FROM ('${partition.from.toISOString()}') TO ('${partition.to.toISOString()}')`,
    ),
  );
}

const monthIndex = (partition: MonthPartition) =>
  partition.from.getUTCFullYear() * 12 + partition.from.getUTCMonth();

/** Every month partition of `positions` that exists, oldest first. */
export async function positionPartitions(db: Db): Promise<MonthPartition[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT child.relname AS name
        FROM pg_inherits
        JOIN pg_class child ON child.oid = pg_inherits.inhrelid
        WHERE pg_inherits.inhparent = 'positions'::regclass`,
  );
  return rows
    .map((row) => partitionNamed(row.name))
    .filter((p): p is MonthPartition => p !== undefined)
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * Drops a month's partition with its fixes: one catalogue change instead of deleting every
 * row (no dead tuples, no vacuum, the disk space back at once).
 */
export async function dropMonthPartition(db: Db, partition: MonthPartition) {
  await db.transaction(async (tx) => {
    // Dropping a partition locks `positions`; rather fail (the job retries) than queue behind
    // a long history read while every batch's insert queues behind the drop.
    await tx.execute(sql`SET LOCAL lock_timeout = '5s'`);
    await tx.execute(sql.raw(`DROP TABLE IF EXISTS ${partition.name}`));
  });
}
