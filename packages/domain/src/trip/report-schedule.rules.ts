import { nextDay, ZoneDays } from './zone-days';
import type { ReportFrequency } from './report-schedule.schema';

/** One period a schedule reports on: local days of a zone, both included. */
export interface SchedulePeriod {
  /** First local day (YYYY-MM-DD): also the period's key with the schedule and recipient. */
  dayFrom: string;
  /** Last local day, included. */
  dayTo: string;
  /** The instant the period ends in the zone (the next period's first midnight). */
  end: number;
}

/** The most missed periods sent late at once (a server down for a year sends the last 31). */
export const SCHEDULE_CATCH_UP_PERIODS = 31;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The first day of the period that holds `day`: itself, its Monday, the 1st of its month. */
export function periodStart(day: string, frequency: ReportFrequency): string {
  if (frequency === 'daily') return day;
  if (frequency === 'monthly') return `${day.slice(0, 8)}01`;
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday: (n + 3) % 7 is 0 on Mondays.
  return dayOfNumber(n - ((n + 3) % 7));
}

/** The first day of the period after the one starting on `start`. */
export function nextPeriodStart(start: string, frequency: ReportFrequency): string {
  if (frequency === 'daily') return nextDay(start);
  if (frequency === 'weekly') return dayOfNumber(dayNumber(start) + 7);
  const [year, month] = start.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * The periods of a schedule that have ended in the zone by `now` and ended after the
 * schedule was made (`since`), oldest first, at most SCHEDULE_CATCH_UP_PERIODS (the newest):
 * a period missed while the server was down is still due, so it is sent late, not skipped.
 */
export function duePeriods(
  frequency: ReportFrequency,
  zone: string,
  since: number,
  now: number,
): SchedulePeriod[] {
  const days = new ZoneDays(zone);
  const periods: SchedulePeriod[] = [];
  let start = periodStart(days.dayOf(since), frequency);
  for (;;) {
    const next = nextPeriodStart(start, frequency);
    const end = days.startOfDay(next);
    if (end > now) break;
    if (end > since) periods.push({ dayFrom: start, dayTo: dayOfNumber(dayNumber(next) - 1), end });
    start = next;
  }
  return periods.slice(-SCHEDULE_CATCH_UP_PERIODS);
}

/** When a schedule was made and last changed, as the sweep reads it. */
export interface ScheduleClock {
  frequency: ReportFrequency;
  created: number;
  /** Last edit: periods that ended before it were claimed as the schedule then was. */
  edited: number | null;
  /** Last change of frequency. */
  frequencyFrom: number | null;
}

/**
 * The instant a recipient's periods count from (duePeriods' `since`): the schedule's making
 * or last edit, and after a change of frequency the end of the new frequency's period that
 * held the change, so the first period reported in the new length begins after it. A period
 * is keyed by its first day: a weekly report of a week whose Monday went out as a daily one
 * would share that key and never be sent.
 */
export function scheduleSince(clock: ScheduleClock, zone: string): number {
  const since = Math.max(clock.created, clock.edited ?? clock.created);
  if (clock.frequencyFrom === null) return since;
  const days = new ZoneDays(zone);
  const held = periodStart(days.dayOf(clock.frequencyFrom), clock.frequency);
  return Math.max(since, days.startOfDay(nextPeriodStart(held, clock.frequency)));
}
