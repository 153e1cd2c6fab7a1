import { ZoneDays } from '@waymark/domain';
import type { QueryTime } from './fleet-query';

/** A query's time as local days of the account, both included, and how to say them. */
export interface DayRange {
  from: string;
  to: string;
  label: string;
}

const DAY_MS = 86_400_000;
const toNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const toDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const short = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/** The days `time` names in `zone` at `now` ("last week" is Monday to Sunday before this one). */
export function daysOf(time: QueryTime, zone: string, now: Date): DayRange {
  const today = toNumber(new ZoneDays(zone).dayOf(now.getTime()));
  // 1970-01-01 was a Thursday: day numbers' weekday, Monday 0.
  const monday = today - ((today + 3) % 7);
  const span = (from: number, to: number, label: string): DayRange => ({
    from: toDay(from),
    to: toDay(to),
    label:
      from === to
        ? `${label} (${short(toDay(from))})`
        : `${label} (${short(toDay(from))}–${short(toDay(to))})`,
  });
  switch (time.kind) {
    case 'now':
    case 'relative': {
      const name = time.kind === 'now' ? 'today' : time.name;
      if (name === 'today') return span(today, today, 'today');
      if (name === 'yesterday') return span(today - 1, today - 1, 'yesterday');
      if (name === 'this_week') return span(monday, today, 'this week');
      if (name === 'last_week') return span(monday - 7, monday - 1, 'last week');
      const first = toNumber(`${toDay(today).slice(0, 7)}-01`);
      if (name === 'this_month') return span(first, today, 'this month');
      const lastFirst = toNumber(`${toDay(first - 1).slice(0, 7)}-01`);
      return span(lastFirst, first - 1, 'last month');
    }
    case 'last_days':
      return span(today - time.days + 1, today, `in the last ${time.days} days`);
    case 'range':
      return span(toNumber(time.from), toNumber(time.to), 'from');
  }
}

/**
 * "And the day before?", "the week before": the time of the last question moved back by a
 * day or a week (this week's "week before" is last week; a month only from this month).
 * `today` is the account's local day. Undefined when it cannot be moved that way.
 */
export function timeBefore(
  time: QueryTime,
  unit: 'day' | 'week' | 'month',
  today: string,
): QueryTime | undefined {
  const name = time.kind === 'now' ? 'today' : time.kind === 'relative' ? time.name : undefined;
  if (unit === 'day' && name === 'today') return { kind: 'relative', name: 'yesterday' };
  if (unit === 'week' && name === 'this_week') return { kind: 'relative', name: 'last_week' };
  if (unit === 'month')
    return name === 'this_month' ? { kind: 'relative', name: 'last_month' } : undefined;
  const range = daysOf(time, 'UTC', new Date(`${today}T12:00:00Z`));
  const back = unit === 'day' ? 1 : 7;
  return {
    kind: 'range',
    from: toDay(toNumber(range.from) - back),
    to: toDay(toNumber(range.to) - back),
  };
}
