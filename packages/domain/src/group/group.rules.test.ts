import { describe, expect, it } from 'vitest';
import {
  groupLabel,
  groupPageStatuses,
  pagerLabel,
  pagerLastPage,
  wizardName,
} from './group.rules';

describe('wizardName', () => {
  it('keeps names of up to 20 characters', () => {
    expect(wizardName('Truck 01')).toBe('Truck 01');
    expect(wizardName('12345678901234567890')).toBe('12345678901234567890');
  });
  it('cuts longer names at 20 characters', () => {
    expect(wizardName('123456789012345678901')).toBe('12345678901234567890…');
  });
});

describe('pagerLabel', () => {
  it('shows the rows on the page and the total', () => {
    expect(pagerLabel(1, 10, 63)).toBe('1 to 10 / 63 result(s)');
    expect(pagerLabel(7, 10, 63)).toBe('61 to 63 / 63 result(s)');
    expect(pagerLabel(1, 10, 1)).toBe('1 to 1 / 1 result(s)');
  });
  it('says No results when empty', () => {
    expect(pagerLabel(1, 10, 0)).toBe('No results');
  });
});

describe('pagerLastPage', () => {
  it('is at least one', () => {
    expect(pagerLastPage(0, 10)).toBe(1);
    expect(pagerLastPage(10, 10)).toBe(1);
    expect(pagerLastPage(11, 10)).toBe(2);
  });
});

describe('groupPageStatuses', () => {
  it('adds cancelled to the default list', () => {
    expect(groupPageStatuses(false)).toEqual([
      'active',
      'pending',
      'pending-renewal',
      'pending-cancellation',
      'cancelled',
    ]);
  });
  it('does not repeat cancelled when the account already lists it', () => {
    const statuses = groupPageStatuses(true);
    expect(statuses.filter((s) => s === 'cancelled')).toHaveLength(1);
    expect(statuses).toContain('blocked');
  });
});

describe('groupLabel', () => {
  it('falls back to No Name', () => {
    expect(groupLabel('Vans')).toBe('Vans');
    expect(groupLabel('  ')).toBe('No Name');
    expect(groupLabel(null)).toBe('No Name');
  });
});
