import { and, eq, inArray } from 'drizzle-orm';
import { HISTORY_RETENTION_SETTINGS, historyRetentionOf } from '@waymark/domain';
import type { Db } from '../db/client';
import { accountSettings } from '../db/schema';

const DAY_MS = 86_400_000;

/**
 * The instant before which the account's history policy thins its fixes (the
 * `history-retention` job, issue 40), or null when it keeps every fix. A trips rebuild must
 * not start before it: run over one fix per slot, it would rewrite the trips, stops and days
 * that were made from every fix, which are kept as long as the account.
 */
export async function thinnedBefore(db: Db, accountId: number, now: Date): Promise<number | null> {
  const settings = await db
    .select({ code: accountSettings.code, value: accountSettings.value })
    .from(accountSettings)
    .where(
      and(
        eq(accountSettings.account_id, accountId),
        inArray(accountSettings.code, [
          HISTORY_RETENTION_SETTINGS.raw_days,
          HISTORY_RETENTION_SETTINGS.thin_minutes,
        ]),
      ),
    );
  const { raw_days } = historyRetentionOf(settings);
  return raw_days === null ? null : now.getTime() - raw_days * DAY_MS;
}
