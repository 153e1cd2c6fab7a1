import type { AppContext } from '../../app-context';
import { createMonthPartition, monthPartition } from '../../db/position-partitions';

/** The months after the current one whose partitions are made ahead. */
export const PARTITION_MONTHS_AHEAD = 2;

/**
 * The daily `history-partitions` job: this month's and the next two months' partitions of
 * `positions` exist before any fix needs them, so a batch at the turn of the month does not
 * create a table (a catalogue lock) while devices wait for their acknowledgement. The batch
 * still creates a missing one itself (pipeline `ensurePartitions`), so a day without this
 * job loses nothing. Running it again changes nothing.
 */
export async function createPartitionsAhead(ctx: Pick<AppContext, 'database'>, now = new Date()) {
  const made = [];
  for (let month = 0; month <= PARTITION_MONTHS_AHEAD; month++) {
    const partition = monthPartition(now, month);
    await createMonthPartition(ctx.database.db, partition, ctx.database.kind === 'pglite');
    made.push(partition.name);
  }
  return made;
}
