import { describe, expect, it } from 'vitest';
import {
  compactRangeLabel,
  DATE_RANGE_PRESETS,
  earliestDate,
  formatRangeDate,
  fromWall,
  presetRange,
  rangeError,
  RANGE_ORDER_ERROR,
  toWall,
  UTC_ZONE,
} from './dateRange';

// A Wednesday afternoon; in New York it is 10:30 the same day.
const now = new Date('2025-03-12T14:30:00Z');
const iso = (d: Date | undefined) => d?.toISOString();

describe('date range presets', () => {
  it('lists the spec presets in order', () => {
    expect(DATE_RANGE_PRESETS).toEqual([
      'Today',
      'Yesterday',
      'Last Hour',
      'Custom Range',
      'This week',
      'Last week',
      'This month',
      'Last month',
    ]);
  });

  it('computes ranges on UTC clocks', () => {
    const range = (p: Parameters<typeof presetRange>[0]) => presetRange(p, now, UTC_ZONE);
    expect(iso(range('Today')?.start)).toBe('2025-03-12T00:00:00.000Z');
    expect(iso(range('Today')?.end)).toBe(now.toISOString());
    expect(iso(range('Yesterday')?.start)).toBe('2025-03-11T00:00:00.000Z');
    expect(iso(range('Yesterday')?.end)).toBe('2025-03-11T23:59:59.999Z');
    expect(iso(range('Last Hour')?.start)).toBe('2025-03-12T13:30:00.000Z');
    expect(iso(range('This week')?.start)).toBe('2025-03-09T00:00:00.000Z');
    expect(iso(range('Last week')?.start)).toBe('2025-03-02T00:00:00.000Z');
    expect(iso(range('Last week')?.end)).toBe('2025-03-08T23:59:59.999Z');
    expect(iso(range('This month')?.start)).toBe('2025-03-01T00:00:00.000Z');
    expect(iso(range('Last month')?.start)).toBe('2025-02-01T00:00:00.000Z');
    expect(iso(range('Last month')?.end)).toBe('2025-02-28T23:59:59.999Z');
    expect(range('Custom Range')).toBeNull();
  });

  it('computes ranges on the clocks of another zone', () => {
    const today = presetRange('Today', now, 'America/New_York');
    // 12 March is daylight saving time in New York (UTC-4).
    expect(iso(today?.start)).toBe('2025-03-12T04:00:00.000Z');
    const yesterday = presetRange('Yesterday', now, 'America/New_York');
    // 11 March started after the switch on the 9th, so it is UTC-4 too.
    expect(iso(yesterday?.start)).toBe('2025-03-11T04:00:00.000Z');
    const lastWeek = presetRange('Last week', now, 'America/New_York');
    // The week of 2 March was still standard time (UTC-5).
    expect(iso(lastWeek?.start)).toBe('2025-03-02T05:00:00.000Z');
  });
});

describe('date range limits and validation', () => {
  it('allows 3 months back, or 12 with unlimited date selection', () => {
    expect(iso(earliestDate(now, false, UTC_ZONE))).toBe('2024-12-12T00:00:00.000Z');
    expect(iso(earliestDate(now, true, UTC_ZONE))).toBe('2024-03-12T00:00:00.000Z');
  });

  it('rejects a start later than the end with the spec text', () => {
    const later = new Date(now.getTime() + 1);
    expect(rangeError({ start: later, end: now })).toBe(RANGE_ORDER_ERROR);
    expect(RANGE_ORDER_ERROR).toBe('The start date must be before the end date');
    expect(rangeError({ start: now, end: later })).toBeNull();
    expect(rangeError({ start: now, end: now })).toBeNull();
  });
});

describe('date range formats', () => {
  it("shows moments as 'MM/dd/yyyy @ h:mm a'", () => {
    expect(formatRangeDate(now, UTC_ZONE)).toBe('03/12/2025 @ 2:30 PM');
    expect(formatRangeDate(now, 'America/New_York')).toBe('03/12/2025 @ 10:30 AM');
  });

  it('round-trips the wall-clock strings of the inputs in the chosen zone', () => {
    expect(toWall(now, UTC_ZONE)).toBe('2025-03-12 14:30:00');
    expect(iso(fromWall('2025-03-12 14:30:00', UTC_ZONE))).toBe(now.toISOString());
    expect(toWall(now, 'America/New_York')).toBe('2025-03-12 10:30:00');
    expect(iso(fromWall('2025-03-12 10:30:00', 'America/New_York'))).toBe(now.toISOString());
  });

  it('shortens a range for phones: times within a day, days across days, years only if needed', () => {
    const yesterday = presetRange('Yesterday', now, UTC_ZONE)!;
    expect(compactRangeLabel(yesterday, UTC_ZONE)).toBe('Mar 11, 12:00 AM – 11:59 PM');
    const week = presetRange('Last week', now, UTC_ZONE)!;
    expect(compactRangeLabel(week, UTC_ZONE)).toBe('Mar 2 – Mar 8');
    const newYear = { start: new Date('2024-12-30T00:00:00Z'), end: now };
    expect(compactRangeLabel(newYear, UTC_ZONE)).toBe('Dec 30, 2024 – Mar 12, 2025');
    // Read on the chosen zone's clocks: 14:30 UTC is 10:30 in New York.
    const hour = presetRange('Last Hour', now, 'America/New_York')!;
    expect(compactRangeLabel(hour, 'America/New_York')).toBe('Mar 12, 9:30 AM – 10:30 AM');
  });
});
