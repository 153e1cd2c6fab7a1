import { describe, expect, it } from 'vitest';
import { dayHeading, groupByDay } from './dayHeadings';

const now = new Date(2026, 10, 29, 9, 30);

describe('dayHeading', () => {
  it('names today and yesterday by local day, not by 24 hours', () => {
    expect(dayHeading(new Date(2026, 10, 29, 0, 1), now)).toBe('Today');
    expect(dayHeading(new Date(2026, 10, 28, 23, 59), now)).toBe('Yesterday');
    expect(dayHeading(new Date(2026, 10, 28, 0, 0), now)).toBe('Yesterday');
  });

  it("writes older days as 'MMMM d, yyyy'", () => {
    expect(dayHeading(new Date(2026, 10, 27, 12), now)).toBe('November 27, 2026');
    expect(dayHeading(new Date(2025, 0, 5, 12), now)).toBe('January 5, 2025');
  });
});

describe('groupByDay', () => {
  it('puts consecutive items of one day under one heading', () => {
    const items = [
      { at: new Date(2026, 10, 27, 8) },
      { at: new Date(2026, 10, 28, 8) },
      { at: new Date(2026, 10, 28, 9) },
      { at: new Date(2026, 10, 29, 8) },
    ];
    const groups = groupByDay(items, (i) => i.at, now);
    expect(groups.map((g) => [g.heading, g.items.length])).toEqual([
      ['November 27, 2026', 1],
      ['Yesterday', 2],
      ['Today', 1],
    ]);
  });

  it('gives no heading for no items', () => {
    expect(groupByDay([], () => now, now)).toEqual([]);
  });
});
