import { describe, expect, it } from 'vitest';
import { splitOverDays, ZoneDays } from './zone-days';

describe('local days of a zone', () => {
  it('names the local date and its bounds in UTC', () => {
    const days = new ZoneDays('America/Chicago');
    // 02:30 UTC on Dec 2 is 20:30 on Dec 1 in Chicago (CST, UTC−6).
    const range = days.rangeOf(Date.parse('2026-12-02T02:30:00Z'));
    expect(range).toEqual({
      day: '2026-12-01',
      start: Date.parse('2026-12-01T06:00:00Z'),
      end: Date.parse('2026-12-02T06:00:00Z'),
    });
  });

  it('has 23 hours on the day clocks go forward and 25 on the day they go back', () => {
    const days = new ZoneDays('America/Chicago');
    const spring = days.rangeOf(Date.parse('2026-03-08T12:00:00Z'));
    expect((spring.end - spring.start) / 3600_000).toBe(23);
    const autumn = days.rangeOf(Date.parse('2026-11-01T12:00:00Z'));
    expect((autumn.end - autumn.start) / 3600_000).toBe(25);
    expect(days.startOfDay('2026-11-01')).toBe(Date.parse('2026-11-01T05:00:00Z'));
  });

  it('answers days asked out of order as a fresh lookup does, in zones off the hour', () => {
    // Each instant's date read by Intl directly, the independent answer.
    const localDate = (zone: string, ms: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(ms));
    // Monrovia kept UTC−0:44:30 until 1972: its midnight cuts the quarter hour from 00:30 UTC.
    const offQuarter = Date.parse('1970-06-10T00:30:00Z');
    const springForward = Date.parse('2026-03-08T07:00:00Z');
    for (const zone of ['America/Chicago', 'Asia/Kathmandu', 'Africa/Monrovia']) {
      const days = new ZoneDays(zone);
      let wander = Date.parse('1968-06-28T00:00:00Z');
      for (let i = 0; i < 600; i++) {
        // Wandering back and forth over years, seconds either side of that midnight, and
        // half hours about a DST change.
        wander += (i % 3 === 0 ? -1 : 1) * (i * 7_919_000 + 137_000);
        const at = [
          wander,
          offQuarter + ((i * 37_000) % 900_000),
          springForward + (i % 9) * 1_800_000,
        ][i % 3]!;
        const range = days.rangeOf(at);
        expect(range.day).toBe(localDate(zone, at));
        expect(at).toBeGreaterThanOrEqual(range.start);
        expect(at).toBeLessThan(range.end);
      }
    }
  });

  it('splits an interval over the days it covers, shares adding up to one', () => {
    const days = new ZoneDays('Asia/Kolkata');
    const parts: [string, number][] = [];
    // 18:00 to 19:00 UTC is 23:30 to 00:30 in India (UTC+5:30).
    splitOverDays(
      days,
      Date.parse('2026-05-01T18:00:00Z'),
      Date.parse('2026-05-01T19:00:00Z'),
      (day, share) => parts.push([day, share]),
    );
    expect(parts).toEqual([
      ['2026-05-01', 0.5],
      ['2026-05-02', 0.5],
    ]);
  });
});
