import { z } from 'zod';

/**
 * How long an account keeps its raw position history (issue 40). Stored as three rows of
 * `account_settings` (codes below, whole numbers as text); an account without them keeps
 * every fix forever. Trips, stops and daily summaries are not governed by it: they are kept
 * as long as the account lives.
 *
 * - `raw_days` and `thin_minutes` come together: fixes older than `raw_days` days are thinned
 *   to the first accepted fix of each `thin_minutes`-minute slot (slots from UTC midnight,
 *   so the minutes divide the day: 1, 5, 15, 60, ...), per tracker.
 * - `keep_days`: fixes older than this are removed, a whole month at a time, once every
 *   account's history has passed that month (the month's partition is dropped).
 */
export const historyRetentionSchema = z.object({
  raw_days: z.number().int().positive().nullable(),
  thin_minutes: z.number().int().positive().nullable(),
  keep_days: z.number().int().positive().nullable(),
});
export type HistoryRetention = z.infer<typeof historyRetentionSchema>;

/** The account settings that hold the policy. */
export const HISTORY_RETENTION_SETTINGS = {
  raw_days: 'history_raw_days',
  thin_minutes: 'history_thin_minutes',
  keep_days: 'history_keep_days',
} as const satisfies Record<keyof HistoryRetention, string>;

/** What an account keeps when it has no policy: everything. */
export const KEEP_FOREVER: HistoryRetention = {
  raw_days: null,
  thin_minutes: null,
  keep_days: null,
};

/** The bounds a stored value must keep to count; outside them it is no policy. */
export const HISTORY_RETENTION_LIMITS = {
  days: { min: 1, max: 36_500 },
  thin_minutes: { min: 1, max: 1440 },
} as const;
