import { expect, it } from 'vitest';
import { duration, reportDate, reportTime, summaryFigures } from './report-format';

it('writes times as spec 001 §9 says, in the viewer’s clock', () => {
  expect(reportTime('2026-03-02T14:05:00Z', -300)).toBe('Mon, Mar 2nd, 2026 9:05am');
  expect(reportTime('2026-03-02T05:00:00Z', -300)).toBe('Mon, Mar 2nd, 2026 12:00am');
  expect(reportTime('2026-03-02T17:00:00Z', -300)).toBe('Mon, Mar 2nd, 2026 12:00pm');
  // East of UTC the day may already be the next one.
  expect(reportTime('2026-12-31T23:30:00Z', 60)).toBe('Fri, Jan 1st, 2027 12:30am');
});

it('writes ordinal days as date-fns does', () => {
  const day = (d: number) => reportDate(`2026-03-${String(d).padStart(2, '0')}T12:00:00Z`, 0);
  expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map((d) => day(d).split(' ')[2])).toEqual([
    '1st,',
    '2nd,',
    '3rd,',
    '4th,',
    '11th,',
    '12th,',
    '13th,',
    '21st,',
    '22nd,',
    '23rd,',
    '31st,',
  ]);
});

it('writes durations and the summary figures', () => {
  expect([45, 720, 3 * 3600 + 300, 2 * 86400 + 4 * 3600].map(duration)).toEqual([
    '45s',
    '12m',
    '3h 05m',
    '2d 4h',
  ]);
  expect(
    summaryFigures({
      distance_miles: 21569.54,
      moving_seconds: 3600,
      stopped_seconds: 600,
      stops: 2,
      max_mph: 61.25,
      avg_mph: 30,
    }),
  ).toEqual([
    ['Distance', '21,569.5 mi'],
    ['Moving time', '1h 00m'],
    ['Stopped time', '10m'],
    ['Stops', '2'],
    ['Maximum speed', '61.3 mph'],
    ['Average speed', '30.0 mph'],
  ]);
});
