import { sql } from 'drizzle-orm';
import { HISTORY_RETENTION_SETTINGS, type Setting } from '@waymark/domain';
import { queryRows, type Db } from '../../db/client';

const CODES = Object.values(HISTORY_RETENTION_SETTINGS);

/**
 * Written by the retention job, not by people: how far the account's history is thinned, and
 * with which slot (`5@2026-10-02T00:00:00.000Z`), so each run thins only the day or so that
 * came past the line since the last, not the whole history again.
 */
export const THINNED_UNTIL_SETTING = 'history_thinned_until';

/** Every account with its history settings (none: an account that keeps everything). */
export async function historySettingsOfAccounts(db: Db) {
  const rows = await queryRows<{ account_id: number; code: string | null; value: string | null }>(
    db,
    sql`SELECT a.id AS account_id, s.code, s.value
        FROM accounts a
        LEFT JOIN account_settings s
          ON s.account_id = a.id
          AND s.code = ANY(${sql.param([...CODES, THINNED_UNTIL_SETTING])}::text[])
        ORDER BY a.id`,
  );
  const byAccount = new Map<number, Setting[]>();
  for (const row of rows) {
    const settings = byAccount.get(row.account_id) ?? [];
    if (row.code !== null) settings.push({ code: row.code, value: row.value });
    byAccount.set(row.account_id, settings);
  }
  return byAccount;
}

/** One account's history settings. */
export async function historySettingsOf(db: Db, accountId: number): Promise<Setting[]> {
  return queryRows<Setting>(
    db,
    sql`SELECT code, value FROM account_settings
        WHERE account_id = ${accountId} AND code = ANY(${sql.param(CODES)}::text[])`,
  );
}

/**
 * Thins one account's fixes in [from, to) to the first accepted fix of each slot of
 * `slotMinutes` (counted from the epoch, so from every UTC midnight) per tracker; returns how
 * many were removed. Filtered fixes go too: every reader of history skips them, so a kept
 * one would only leave its slot without a fix (their count stays in the daily summaries).
 *
 * `positions` has no index by account, only its primary key (device_id, fix_time): the fixes
 * are reached tracker by tracker through it, for the account's trackers and those its daily
 * summaries of the range name (a tracker since moved to another account). The range's bounds
 * keep PostgreSQL in one partition.
 */
export async function thinPositions(
  db: Db,
  accountId: number,
  range: { from: Date; to: Date },
  slotMinutes: number,
) {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const slotSeconds = slotMinutes * 60;
  const rows = await queryRows<{ removed: number }>(
    db,
    sql`WITH trackers AS (
          SELECT id AS device_id FROM devices WHERE account_id = ${accountId}
          UNION
          -- The account's local days: two days either side cover any zone.
          SELECT device_id FROM daily_summaries
          WHERE account_id = ${accountId}
            AND day >= (${from}::timestamptz - interval '2 days')::date
            AND day <= (${to}::timestamptz + interval '2 days')::date
        ), ranked AS (
          SELECT p.device_id, p.fix_time,
            p.filter_reason IS NULL AND row_number() OVER (
              PARTITION BY p.device_id, p.filter_reason IS NULL,
                floor(extract(epoch FROM p.fix_time) / ${slotSeconds}::int)
              ORDER BY p.fix_time
            ) = 1 AS kept
          FROM trackers
          JOIN positions p ON p.device_id = trackers.device_id
          WHERE p.account_id = ${accountId}
            AND p.fix_time >= ${from}::timestamptz AND p.fix_time < ${to}::timestamptz
        ), gone AS (
          DELETE FROM positions p USING ranked r
          WHERE p.device_id = r.device_id AND p.fix_time = r.fix_time
            AND p.fix_time >= ${from}::timestamptz AND p.fix_time < ${to}::timestamptz
            AND NOT r.kept
          RETURNING 1
        )
        SELECT count(*)::int AS removed FROM gone`,
  );
  return rows[0]?.removed ?? 0;
}

/** Records how far the account's history is thinned (see THINNED_UNTIL_SETTING). */
export async function setThinnedUntil(db: Db, accountId: number, minutes: number, until: Date) {
  await db.execute(
    sql`INSERT INTO account_settings (account_id, code, value)
        VALUES (${accountId}, ${THINNED_UNTIL_SETTING}, ${`${minutes}@${until.toISOString()}`})
        ON CONFLICT (account_id, code) DO UPDATE SET value = excluded.value`,
  );
}
