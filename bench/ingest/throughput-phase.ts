import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { WorkerContext } from '../../apps/server/src/roles/worker-context';
import { queryRows } from '../../apps/server/src/db/client';
import type { forkLoad } from './load-client';

/**
 * Trackers send as fast as acks allow for `seconds`, then stop and wait for their last acks.
 * End to end = positions stored / time from the start to the last ack (drain included); the
 * steady rate leaves out the warm-up and the drain. CPU and event-loop figures say which
 * side was busy.
 */
export async function throughputPhase(
  ctx: WorkerContext,
  load: ReturnType<typeof forkLoad>,
  seconds: number,
) {
  const before = { ...ctx.pipeline.stats };
  const cpu = process.cpuUsage();
  const elu = performance.eventLoopUtilization();
  const started = performance.now();
  const done = await load.request({ type: 'throughput', seconds }, 'throughput-done');
  const elapsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const loop = performance.eventLoopUtilization(elu);
  const stats = ctx.pipeline.stats;
  const stored = stats.stored - before.stored;
  const batches = stats.batches - before.batches;
  const [count] = await queryRows<{ n: string }>(
    ctx.database.db,
    sql`SELECT count(*) AS n FROM positions`,
  );
  return {
    stored,
    acked: done.acked,
    seconds: elapsedMs / 1000,
    rate: (stored * 1000) / elapsedMs,
    steadyRate: done.steadyRate,
    batches,
    meanBatch: batches > 0 ? stored / batches : 0,
    dropped: stats.dropped - before.dropped,
    rowsInTable: Number(count?.n ?? 0),
    /** CPU cores' worth used by the server process (PGlite runs inside it) and the load. */
    serverCpu: (used.user + used.system) / 1000 / elapsedMs,
    serverEventLoop: loop.utilization,
    loadCpu: done.cpuMs / elapsedMs,
  };
}
