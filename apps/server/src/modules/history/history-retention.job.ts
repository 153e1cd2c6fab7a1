import { historyRetentionOf, type HistoryRetention, type Setting } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import {
  dropMonthPartition,
  positionPartitions,
  type MonthPartition,
} from '../../db/position-partitions';
import {
  historySettingsOfAccounts,
  setThinnedUntil,
  thinPositions,
  THINNED_UNTIL_SETTING,
} from './history-retention.queries';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * Where the last run's thinning ended, if it used these slots; the beginning of history when
 * it never ran or the slots changed (a coarser slot thins the old fixes again).
 */
function thinnedUntil(settings: readonly Setting[], minutes: number): number {
  const mark = settings.find((s) => s.code === THINNED_UNTIL_SETTING)?.value ?? '';
  const [used, until] = mark.split('@');
  const time = until === undefined ? NaN : Date.parse(until);
  return Number(used) === minutes && Number.isFinite(time) ? time : -Infinity;
}

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
 * 2. Each account that thins has its fixes older than its raw days thinned, from where the
 *    last run stopped (THINNED_UNTIL_SETTING), one partition at a time (short statements, so
 *    PGlite's one connection and the pipeline's batches are not held up by one long
 *    transaction). A second run the same day removes nothing more. Fixes that arrive late
 *    into a range already thinned stay whole.
 */
export async function applyHistoryRetention(ctx: Pick<AppContext, 'database'>, now = new Date()) {
  const { db } = ctx.database;
  const settingsByAccount = await historySettingsOfAccounts(db);
  const policies = [...settingsByAccount.values()].map((settings) => historyRetentionOf(settings));
  const dropped = monthsPastEveryRetention(await positionPartitions(db), policies, now);
  for (const partition of dropped) await dropMonthPartition(db, partition);

  const partitions = await positionPartitions(db);
  let thinned = 0;
  for (const [accountId, settings] of settingsByAccount) {
    const { raw_days, thin_minutes } = historyRetentionOf(settings);
    if (raw_days === null || thin_minutes === null) continue;
    // The line falls on a slot's start, so the next run's window never splits a slot.
    const slot = thin_minutes * MINUTE_MS;
    const line = Math.floor((now.getTime() - raw_days * DAY_MS) / slot) * slot;
    const start = thinnedUntil(settings, thin_minutes);
    if (start >= line) continue;
    for (const partition of partitions) {
      if (partition.to.getTime() <= start) continue;
      if (partition.from.getTime() >= line) break;
      const range = {
        from: new Date(Math.max(partition.from.getTime(), start)),
        to: new Date(Math.min(partition.to.getTime(), line)),
      };
      thinned += await thinPositions(db, accountId, range, thin_minutes);
    }
    await setThinnedUntil(db, accountId, thin_minutes, new Date(line));
  }
  return { dropped: dropped.map((p) => p.name), thinned };
}
