import { describe, expect, it } from 'vitest';
import {
  formatFeet,
  formatKilometres,
  formatMetres,
  formatPercent,
  formatSpeed,
  NO_MEASURE,
  readableNumber,
} from './measures.format';

describe('readableNumber', () => {
  it('keeps about three significant digits and at most two decimals', () => {
    expect(readableNumber(227.7907)).toBe('228');
    expect(readableNumber(22.7907)).toBe('22.8');
    expect(readableNumber(2.27907)).toBe('2.28');
    expect(readableNumber(0.127907)).toBe('0.13');
    expect(readableNumber(1204.4)).toBe('1,204');
  });

  it('drops trailing zeros', () => {
    expect(readableNumber(1.5)).toBe('1.5');
    expect(readableNumber(2)).toBe('2');
    expect(readableNumber(99.96)).toBe('100');
  });

  it('shows a dash for what is not a number', () => {
    expect(readableNumber(Number.NaN)).toBe(NO_MEASURE);
  });
});

describe('formatKilometres', () => {
  it('rounds the radius of the issue to whole km', () => {
    expect(formatKilometres(227.7907)).toBe('228 km');
  });

  it('reads one decimal from 10 km and two below', () => {
    expect(formatKilometres(22.7907)).toBe('22.8 km');
    expect(formatKilometres(1.5)).toBe('1.5 km');
    expect(formatKilometres(3.14159)).toBe('3.14 km');
  });

  it('writes less than a kilometre in whole metres', () => {
    expect(formatKilometres(0.1)).toBe('100 m');
    expect(formatKilometres(0.2279)).toBe('228 m');
    expect(formatKilometres(0.0004)).toBe('0 m');
  });

  it('does not write a kilometre as 1,000 m', () => {
    expect(formatKilometres(0.9996)).toBe('1 km');
    expect(formatKilometres(0.9994)).toBe('999 m');
  });

  it('shows a dash for what is not a number', () => {
    expect(formatKilometres(Number.POSITIVE_INFINITY)).toBe(NO_MEASURE);
  });
});

describe('formatMetres and formatFeet', () => {
  it('write whole units with separators', () => {
    expect(formatMetres(9.144)).toBe('9 m');
    expect(formatMetres(1500)).toBe('1,500 m');
    expect(formatFeet(30)).toBe('30 ft');
    expect(formatFeet(49.6)).toBe('50 ft');
  });
});

describe('formatSpeed', () => {
  it('converts m/s to mph, whole from 10 mph', () => {
    expect(formatSpeed(10)).toBe('22 mph');
    expect(formatSpeed(31.2928)).toBe('70 mph');
  });

  it('keeps one decimal at walking pace; no speed reads 0 mph', () => {
    expect(formatSpeed(1.2)).toBe('2.7 mph');
    expect(formatSpeed(0)).toBe('0 mph');
    expect(formatSpeed(null)).toBe('0 mph');
    expect(formatSpeed(-0.01)).toBe('0 mph');
  });
});

describe('formatPercent', () => {
  it('writes whole percent', () => {
    expect(formatPercent(87.5)).toBe('88%');
    expect(formatPercent(0)).toBe('0%');
  });
});
