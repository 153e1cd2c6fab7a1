import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { streamOffsets } from '../db/schema';

/**
 * Where a submission came from on the position stream: its message's sequence and the one
 * before it on the same partition, as the consumer delivered them. Committed with the
 * reports, the partition's offset moves from `after` to `seq`.
 */
export interface StreamMark {
  stream: string;
  partition: number;
  seq: number;
  after: number;
}

/** Another worker committed this partition meanwhile, or a message before failed: resend. */
export class StreamGapError extends Error {
  override name = 'StreamGapError';
}

/** The sequence up to which a partition's messages are stored (0: none yet). */
export async function committedOffset(db: Db, stream: string, partition: number) {
  const [row] = await db
    .select({ seq: streamOffsets.seq })
    .from(streamOffsets)
    .where(and(eq(streamOffsets.stream, stream), eq(streamOffsets.partition, partition)));
  return row?.seq ?? 0;
}

/**
 * Moves each partition's offset along the batch's marks, in the batch's transaction. The
 * marks of a partition must follow on from its stored offset without a hole: a worker that
 * lost the partition to another (which committed the same messages), or marks past a message
 * that failed, throw, and the whole batch rolls back rather than store a report twice or step
 * over one.
 */
export async function advanceMarks(tx: Tx | Db, marks: readonly StreamMark[]) {
  const byPartition = new Map<string, StreamMark[]>();
  for (const mark of marks) {
    const key = `${mark.stream}\u0000${mark.partition}`;
    byPartition.set(key, [...(byPartition.get(key) ?? []), mark]);
  }
  for (const chain of byPartition.values()) {
    chain.sort((a, b) => a.seq - b.seq);
    const { stream, partition } = chain[0]!;
    const [row] = await tx
      .select({ seq: streamOffsets.seq })
      .from(streamOffsets)
      .where(and(eq(streamOffsets.stream, stream), eq(streamOffsets.partition, partition)))
      .for('update');
    let at = row?.seq ?? 0;
    for (const mark of chain) {
      if (mark.after !== at)
        throw new StreamGapError(
          `partition ${partition} of ${stream} is at ${at}, not ${mark.after}: resend from there`,
        );
      at = mark.seq;
    }
    await tx
      .insert(streamOffsets)
      .values({ stream, partition, seq: at })
      .onConflictDoUpdate({
        target: [streamOffsets.stream, streamOffsets.partition],
        set: { seq: sql`excluded.seq` },
      });
  }
}
