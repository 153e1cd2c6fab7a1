import { describe, expect, it } from 'vitest';
import {
  assetsColour,
  daysSinceEntry,
  dwellColour,
  dwellPercentage,
  formatDwellTime,
  hasDwellSla,
  parseDwellInput,
} from './dwell.rules';
import { dwellPeriodSchema } from './dwell.schema';

const DAY = 86_400;

describe('dwellPercentage', () => {
  it('is the average time as a share of the SLA in seconds', () => {
    expect(dwellPercentage(DAY, 2)).toBe(50);
    expect(dwellPercentage(3 * DAY, 2)).toBe(150);
    expect(dwellPercentage(0, 5)).toBe(0);
  });

  it('rounds to one decimal', () => {
    expect(dwellPercentage(DAY / 3, 1)).toBe(33.3);
    expect(dwellPercentage(2 * DAY + 3600, 3)).toBe(68.1);
  });

  it('is null without an SLA or without visits', () => {
    expect(dwellPercentage(DAY, null)).toBeNull();
    expect(dwellPercentage(DAY, 0)).toBeNull();
    expect(dwellPercentage(null, 3)).toBeNull();
  });
});

describe('dwellColour', () => {
  it('is green up to 75 %, yellow up to 100 %, red above', () => {
    expect(dwellColour(0)).toBe('green');
    expect(dwellColour(75)).toBe('green');
    expect(dwellColour(75.1)).toBe('yellow');
    expect(dwellColour(100)).toBe('yellow');
    expect(dwellColour(100.1)).toBe('red');
    expect(dwellColour(400)).toBe('red');
  });

  it('is white without a percentage (no SLA)', () => {
    expect(dwellColour(null)).toBe('white');
  });
});

describe('assetsColour', () => {
  it('is green within min and max, both included, red outside', () => {
    expect(assetsColour(2, 2, 5)).toBe('green');
    expect(assetsColour(5, 2, 5)).toBe('green');
    expect(assetsColour(1, 2, 5)).toBe('red');
    expect(assetsColour(6, 2, 5)).toBe('red');
  });

  it('checks only the bounds that are set', () => {
    expect(assetsColour(100, 3, null)).toBe('green');
    expect(assetsColour(2, 3, null)).toBe('red');
    expect(assetsColour(0, null, 4)).toBe('green');
    expect(assetsColour(5, undefined, 4)).toBe('red');
  });

  it('is white without bounds', () => {
    expect(assetsColour(7, null, null)).toBe('white');
  });
});

describe('hasDwellSla and daysSinceEntry', () => {
  it('counts a positive number of days as an SLA', () => {
    expect(hasDwellSla(1)).toBe(true);
    expect(hasDwellSla(0)).toBe(false);
    expect(hasDwellSla(null)).toBe(false);
  });

  it('counts whole days since entry', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(daysSinceEntry(new Date('2026-11-20T12:00:01Z'), now)).toBe(1);
    expect(daysSinceEntry(new Date('2026-11-20T12:00:00Z'), now)).toBe(2);
    expect(daysSinceEntry(new Date('2026-11-23T00:00:00Z'), now)).toBe(0);
  });
});

describe('formatDwellTime', () => {
  it('shows days and hours, hours and minutes, or minutes', () => {
    expect(formatDwellTime(3 * DAY + 4 * 3600 + 59)).toBe('3d 4h');
    expect(formatDwellTime(5 * 3600 + 12 * 60)).toBe('5h 12m');
    expect(formatDwellTime(7 * 60 + 30)).toBe('7m');
    expect(formatDwellTime(0)).toBe('0m');
  });
});

describe('dwell request schemas', () => {
  it('reads the period as 30, 60 or 90 days, 30 by default', () => {
    expect(dwellPeriodSchema.parse(undefined)).toBe(30);
    expect(dwellPeriodSchema.parse('90')).toBe(90);
    expect(dwellPeriodSchema.safeParse('45').error?.issues[0]?.message).toBe(
      'must be 30, 60 or 90',
    );
  });
});

describe('parseDwellInput', () => {
  it('reads numbers, and an empty box as clearing the setting', () => {
    expect(parseDwellInput(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseDwellInput('2.5')).toEqual({ ok: true, value: 2.5 });
    expect(parseDwellInput('')).toEqual({ ok: true, value: null });
  });

  it('refuses text that is not a number', () => {
    expect(parseDwellInput('ten')).toEqual({ ok: false });
    expect(parseDwellInput('3 days')).toEqual({ ok: false });
    expect(parseDwellInput('Infinity')).toEqual({ ok: false });
  });
});
