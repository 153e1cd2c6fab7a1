import type { WorkerContext } from '../../apps/server/src/roles/worker-context';
import type { forkLoad } from './load-client';
import { throughputPhase } from './throughput-phase';

/**
 * Off and on in an ABBA order, twice: the table growing, PGlite's checkpoints and the
 * machine's other work drift over a run, and this order weighs a steady drift on both sides
 * alike (off, on, off, on was 41 % one run and 169 % the next).
 */
const ORDER = [false, true, true, false, false, true, true, false];

/**
 * What the filter, trips and daily summaries steps cost together (issue 36: throughput at most
 * 10 % below without them): throughput phases with the steps off and on in ORDER, after a
 * warm-up phase that is not counted (the first phase after the throughput phase ran at a
 * third of the others' pace either way). The ratio is of the mean rates; the server's CPU per
 * position, which the pace follows, is given beside it.
 */
export async function measuresComparison(
  ctx: WorkerContext,
  load: ReturnType<typeof forkLoad>,
  seconds: number,
) {
  const phases: {
    measuring: boolean;
    rate: number;
    stored: number;
    filtered: number;
    cpuMsPer1000: number;
  }[] = [];
  try {
    ctx.pipeline.measuring = true;
    await throughputPhase(ctx, load, Math.max(1, Math.round(seconds / 2)));
    for (const measuring of ORDER) {
      ctx.pipeline.measuring = measuring;
      const before = ctx.pipeline.stats.filtered;
      const t = await throughputPhase(ctx, load, seconds);
      phases.push({
        measuring,
        rate: t.rate,
        stored: t.stored,
        filtered: ctx.pipeline.stats.filtered - before,
        cpuMsPer1000: t.stored > 0 ? (t.serverCpu * t.seconds * 1_000_000) / t.stored : 0,
      });
    }
  } finally {
    ctx.pipeline.measuring = true;
  }
  const mean = (measuring: boolean, pick: (p: (typeof phases)[number]) => number) => {
    const values = phases.filter((p) => p.measuring === measuring).map(pick);
    return values.reduce((sum, v) => sum + v, 0) / values.length;
  };
  const withMeasures = mean(true, (p) => p.rate);
  const withoutMeasures = mean(false, (p) => p.rate);
  return {
    phases,
    withMeasures,
    withoutMeasures,
    ratio: withMeasures / withoutMeasures,
    cpuMsPer1000With: mean(true, (p) => p.cpuMsPer1000),
    cpuMsPer1000Without: mean(false, (p) => p.cpuMsPer1000),
  };
}
