import type { Setting } from '../account/account.schema';
import {
  HISTORY_RETENTION_LIMITS,
  HISTORY_RETENTION_SETTINGS,
  KEEP_FOREVER,
  type HistoryRetention,
} from './history-retention.schema';

const MINUTES_PER_DAY = 1440;

function wholeNumber(
  settings: readonly Setting[],
  code: string,
  limits: { min: number; max: number },
): number | null {
  const text = settings.find((s) => s.code === code)?.value?.trim();
  if (!text || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= limits.min && value <= limits.max ? value : null;
}

/**
 * The account's history policy from its settings. A value that does not make sense counts as
 * not set, always towards keeping more: thinning needs both its days and its minutes (a
 * number of minutes that divides the day), and a removal before the thinning would begin is
 * no removal.
 */
export function historyRetentionOf(settings: readonly Setting[]): HistoryRetention {
  const { days, thin_minutes } = HISTORY_RETENTION_LIMITS;
  const rawDays = wholeNumber(settings, HISTORY_RETENTION_SETTINGS.raw_days, days);
  const thinMinutes = wholeNumber(settings, HISTORY_RETENTION_SETTINGS.thin_minutes, thin_minutes);
  const keepDays = wholeNumber(settings, HISTORY_RETENTION_SETTINGS.keep_days, days);
  // A slot that divides the day starts at every UTC midnight, so no slot spans two days or
  // two monthly partitions, and each is thinned in one place.
  const thins = rawDays !== null && thinMinutes !== null && MINUTES_PER_DAY % thinMinutes === 0;
  return {
    ...KEEP_FOREVER,
    ...(thins ? { raw_days: rawDays, thin_minutes: thinMinutes } : {}),
    keep_days: keepDays !== null && (!thins || keepDays > rawDays) ? keepDays : null,
  };
}

const count = (n: number, unit: string) => (n === 1 ? `1 ${unit}` : `${n} ${unit}s`);

/**
 * The policy as the account settings screen words it: "Raw positions kept: forever",
 * "Raw positions kept: 90 days, then one per 5 minutes", and the removal when there is one.
 */
export function describeHistoryRetention(policy: HistoryRetention): string {
  const { raw_days, thin_minutes, keep_days } = policy;
  if (raw_days !== null && thin_minutes !== null) {
    const slot = thin_minutes === 1 ? 'minute' : `${thin_minutes} minutes`;
    const thinned = `Raw positions kept: ${count(raw_days, 'day')}, then one per ${slot}`;
    return keep_days === null ? thinned : `${thinned}; removed after ${count(keep_days, 'day')}`;
  }
  if (keep_days !== null) return `Raw positions kept: ${count(keep_days, 'day')}, then removed`;
  return 'Raw positions kept: forever';
}
