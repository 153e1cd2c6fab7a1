import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatReportDate,
  formatReportMoment,
  formatReportRange,
  summaryFigures,
} from './format';

describe('report dates (spec 001 §9)', () => {
  it("formats the range's days as 'E, MMM do, yyyy' on UTC clocks", () => {
    expect(formatReportDate('2026-11-28T00:00:00.000Z')).toBe('Sat, Nov 28th, 2026');
    expect(formatReportDate('2026-11-01T23:59:59.999Z')).toBe('Sun, Nov 1st, 2026');
    expect(formatReportRange('2026-11-02T00:00:00Z', '2026-11-03T23:59:59Z')).toBe(
      'Mon, Nov 2nd, 2026 - Tue, Nov 3rd, 2026',
    );
  });

  it("formats Report Info's moments as 'E, MMM do, yyyy h:mmaaa'", () => {
    expect(formatReportMoment('2026-11-28T16:05:00.000Z')).toBe('Sat, Nov 28th, 2026 4:05pm');
    expect(formatReportMoment('2026-11-28T00:00:00.000Z')).toBe('Sat, Nov 28th, 2026 12:00am');
  });
});

describe('the summary figures', () => {
  it('writes durations as hours and minutes', () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(45 * 60)).toBe('45m');
    expect(formatDuration(3 * 3600 + 5 * 60 + 10)).toBe('3h 05m');
    expect(formatDuration(52 * 3600)).toBe('52h 00m');
    expect(formatDuration(Number.NaN)).toBe('—');
  });

  it('lists distance, times, stops and speeds in order', () => {
    const figures = summaryFigures({
      distance_miles: 123.456,
      moving_seconds: 7_260,
      stopped_seconds: 1_800,
      stops: 4,
      max_mph: 67.4,
      avg_mph: 3.21,
    });
    expect(figures).toEqual([
      { label: 'Distance', value: '123 mi' },
      { label: 'Moving time', value: '2h 01m' },
      { label: 'Stopped time', value: '30m' },
      { label: 'Stops', value: '4' },
      { label: 'Max speed', value: '67 mph' },
      { label: 'Average speed', value: '3.21 mph' },
    ]);
  });
});
