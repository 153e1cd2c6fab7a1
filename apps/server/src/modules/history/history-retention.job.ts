import { historyRetentionOf, type HistoryRetention } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import {
  dropMonthPartition,
  positionPartitions,
  type MonthPartition,
} from '../../db/position-partitions';
import { historySettingsOfAccounts, thinPositions } from './history-retention.queries';

const DAY_MS = 86_400_000;

/**
 * The months of history no account keeps any more: only when every account removes its fixes
 * after some days (one that keeps them forever keeps every month), the months that ended
 * before the longest of those removals began.
 */
export function monthsPastEveryRetention(
  partitions: readonly MonthPartition[],
  policies: readonly HistoryRetention[],
  now: Date,
): MonthPartition[] {
  if (policies.length === 0) return [];
  let longest = 0;
  for (const policy of policies) {
    if (policy.keep_days === null) return [];
    longest = Math.max(longest, policy.keep_days);
  }
  const horizon = now.getTime() - longest * DAY_MS;
  return partitions.filter((p) => p.to.getTime() <= horizon);
}

/**
 * The daily `history-retention` job. Trips, stops and daily summaries are left alone: they
 * are kept as long as the account lives, and reports read them, never the raw fixes.
 *
 * 1. Months past every account's retention are dropped whole (DROP TABLE of the partition).
 * 2. Each account that thins has its fixes older than its raw days thinned, one partition at
 *    a time (short statements, so PGlite's one connection and the pipeline's batches are not
 *    held up by one long transaction). Thinned slots stay thinned, so a second run removes
 *    nothing more.
 */
export async function applyHistoryRetention(ctx: Pick<AppContext, 'database'>, now = new Date()) {
  const { db } = ctx.database;
  const policies = new Map(
    [...(await historySettingsOfAccounts(db))].map(([id, settings]) => [
      id,
      historyRetentionOf(settings),
    ]),
  );
  const dropped = monthsPastEveryRetention(
    await positionPartitions(db),
    [...policies.values()],
    now,
  );
  for (const partition of dropped) await dropMonthPartition(db, partition);

  const partitions = await positionPartitions(db);
  let thinned = 0;
  for (const [accountId, policy] of policies) {
    if (policy.raw_days === null || policy.thin_minutes === null) continue;
    const cutoff = new Date(now.getTime() - policy.raw_days * DAY_MS);
    for (const partition of partitions) {
      if (partition.from >= cutoff) break;
      const to = partition.to < cutoff ? partition.to : cutoff;
      thinned += await thinPositions(
        db,
        accountId,
        { from: partition.from, to },
        policy.thin_minutes,
      );
    }
  }
  return { dropped: dropped.map((p) => p.name), thinned };
}
