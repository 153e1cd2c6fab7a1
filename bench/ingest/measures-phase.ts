import type { AppContext } from '../../apps/server/src/app-context';
import type { forkLoad } from './load-client';
import { throughputPhase } from './throughput-phase';

/**
 * What the filter, trips and daily summaries steps cost together (issue 36: throughput at most
 * 10 % below without them): throughput phases with the steps off and on, alternated (off, on,
 * off, on) so the table growing and the machine's other work weigh on both sides alike; the
 * ratio is of the mean rates.
 */
export async function measuresComparison(
  ctx: AppContext,
  load: ReturnType<typeof forkLoad>,
  seconds: number,
) {
  const phases: { measuring: boolean; rate: number; stored: number; filtered: number }[] = [];
  try {
    for (const measuring of [false, true, false, true]) {
      ctx.pipeline.measuring = measuring;
      const before = ctx.pipeline.stats.filtered;
      const t = await throughputPhase(ctx, load, seconds);
      phases.push({
        measuring,
        rate: t.rate,
        stored: t.stored,
        filtered: ctx.pipeline.stats.filtered - before,
      });
    }
  } finally {
    ctx.pipeline.measuring = true;
  }
  const mean = (measuring: boolean) => {
    const rates = phases.filter((p) => p.measuring === measuring).map((p) => p.rate);
    return rates.reduce((sum, r) => sum + r, 0) / rates.length;
  };
  const withMeasures = mean(true);
  const withoutMeasures = mean(false);
  return { phases, withMeasures, withoutMeasures, ratio: withMeasures / withoutMeasures };
}
