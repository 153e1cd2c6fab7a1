import { describe, expect, it } from 'vitest';
import { duePeriods, nextPeriodStart, periodStart, scheduleSince } from './report-schedule.rules';
import { reportScheduleCreateSchema } from './report-schedule.schema';

const at = (iso: string) => Date.parse(iso);

describe('periodStart and nextPeriodStart', () => {
  it('gives the day, its Monday or the 1st, and the next one', () => {
    expect(periodStart('2026-11-12', 'daily')).toBe('2026-11-12');
    // Thursday Nov 12 2026: its week began on Monday Nov 9.
    expect(periodStart('2026-11-12', 'weekly')).toBe('2026-11-09');
    expect(periodStart('2026-11-09', 'weekly')).toBe('2026-11-09');
    expect(periodStart('2026-11-15', 'weekly')).toBe('2026-11-09');
    expect(periodStart('2026-11-12', 'monthly')).toBe('2026-11-01');
    expect(nextPeriodStart('2026-12-31', 'daily')).toBe('2027-01-01');
    expect(nextPeriodStart('2026-12-28', 'weekly')).toBe('2027-01-04');
    expect(nextPeriodStart('2026-12-01', 'monthly')).toBe('2027-01-01');
    expect(nextPeriodStart('2026-02-01', 'monthly')).toBe('2026-03-01');
  });
});

describe('duePeriods', () => {
  it('is yesterday once the recipient’s day has ended, not before', () => {
    const since = at('2026-11-10T12:00:00Z');
    // 05:59 UTC on Nov 11 is still Nov 10 in Chicago (UTC-6): nothing has ended.
    expect(duePeriods('daily', 'America/Chicago', since, at('2026-11-11T05:59:00Z'))).toEqual([]);
    expect(duePeriods('daily', 'America/Chicago', since, at('2026-11-11T06:00:00Z'))).toEqual([
      { dayFrom: '2026-11-10', dayTo: '2026-11-10', end: at('2026-11-11T06:00:00Z') },
    ]);
    // In UTC the same day ended six hours earlier.
    expect(duePeriods('daily', 'UTC', since, at('2026-11-11T00:00:00Z'))).toHaveLength(1);
  });

  it('keeps every period missed since, oldest first', () => {
    const since = at('2026-11-10T12:00:00Z');
    const days = duePeriods('daily', 'UTC', since, at('2026-11-13T09:00:00Z'));
    expect(days.map((p) => p.dayFrom)).toEqual(['2026-11-10', '2026-11-11', '2026-11-12']);
    const capped = duePeriods('daily', 'UTC', at('2025-01-01T00:00:00Z'), at('2026-11-13T09:00Z'));
    expect(capped).toHaveLength(31);
    expect(capped.at(-1)!.dayFrom).toBe('2026-11-12');
  });

  it('reports whole weeks from Monday and whole months', () => {
    const since = at('2026-11-04T12:00:00Z');
    const weeks = duePeriods('weekly', 'UTC', since, at('2026-11-17T00:00:00Z'));
    expect(weeks.map((p) => [p.dayFrom, p.dayTo])).toEqual([
      ['2026-11-02', '2026-11-08'],
      ['2026-11-09', '2026-11-15'],
    ]);
    const months = duePeriods('monthly', 'UTC', since, at('2027-01-01T00:00:00Z'));
    expect(months.map((p) => [p.dayFrom, p.dayTo])).toEqual([
      ['2026-11-01', '2026-11-30'],
      ['2026-12-01', '2026-12-31'],
    ]);
  });
});

describe('scheduleSince', () => {
  const created = at('2026-11-01T08:00:00Z');

  it('counts from the making, or from the last edit', () => {
    const clock = { frequency: 'daily' as const, created, edited: null, frequencyFrom: null };
    expect(scheduleSince(clock, 'UTC')).toBe(created);
    const edited = at('2026-11-11T15:30:00Z');
    expect(scheduleSince({ ...clock, edited }, 'UTC')).toBe(edited);
    // An edit that ended no period still reports the day it was made in.
    const due = duePeriods(
      'daily',
      'UTC',
      scheduleSince({ ...clock, edited }, 'UTC'),
      at('2026-11-12T01:00:00Z'),
    );
    expect(due.map((p) => p.dayFrom)).toEqual(['2026-11-11']);
  });

  it('after a change to weekly, starts with the next Monday: the Monday sent daily keeps its key', () => {
    // Wednesday 2026-11-11; the week began on Monday the 9th, sent as a daily report.
    const changed = at('2026-11-11T15:30:00Z');
    const clock = {
      frequency: 'weekly' as const,
      created,
      edited: changed,
      frequencyFrom: changed,
    };
    expect(scheduleSince(clock, 'UTC')).toBe(at('2026-11-16T00:00:00Z'));
    const weeks = duePeriods(
      'weekly',
      'UTC',
      scheduleSince(clock, 'UTC'),
      at('2026-11-30T00:00:00Z'),
    );
    expect(weeks.map((p) => p.dayFrom)).toEqual(['2026-11-16', '2026-11-23']);
  });

  it('after a change to daily, starts with the next local day of the recipient', () => {
    const changed = at('2026-11-11T03:00:00Z'); // still Nov 10 in Chicago
    const clock = { frequency: 'daily' as const, created, edited: changed, frequencyFrom: changed };
    expect(scheduleSince(clock, 'America/Chicago')).toBe(at('2026-11-11T06:00:00Z'));
    expect(scheduleSince(clock, 'UTC')).toBe(at('2026-11-12T00:00:00Z'));
  });
});

describe('reportScheduleCreateSchema', () => {
  it('needs a recipient, names the field', () => {
    const parsed = reportScheduleCreateSchema.safeParse({
      name: 'Daily',
      report: 'summary',
      frequency: 'daily',
      format: 'xlsx',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({
      path: ['user_ids'],
      message: 'Choose at least one user or e-mail address to mail the report to',
    });
  });
});
