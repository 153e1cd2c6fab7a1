import { describe, expect, it } from 'vitest';
import { allChecked, clampPage, pageSlice, searchTrackers, toggled } from './wizardTable';

const rows = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  serial: `86900${String(i).padStart(5, '0')}`,
  name: i % 2 ? `Truck ${i}` : `Van ${i}`,
}));

describe('wizard table', () => {
  it('searches name and serial, any case', () => {
    expect(searchTrackers(rows, 'TRUCK 1').map((r) => r.name)).toEqual([
      'Truck 1',
      'Truck 11',
      'Truck 13',
      'Truck 15',
      'Truck 17',
      'Truck 19',
    ]);
    expect(searchTrackers(rows, '00022').map((r) => r.id)).toEqual([23]);
    expect(searchTrackers(rows, '  ')).toHaveLength(23);
  });

  it('pages by 10 and keeps the page in range', () => {
    expect(pageSlice(rows, 3).map((r) => r.id)).toEqual([21, 22, 23]);
    expect(clampPage(3, 23)).toBe(3);
    expect(clampPage(3, 20)).toBe(2);
    expect(clampPage(2, 0)).toBe(1);
  });

  it('selects and deselects a set of rows', () => {
    const some = toggled(new Set([1]), [2, 3], true);
    expect([...some]).toEqual([1, 2, 3]);
    expect(allChecked([2, 3], some)).toBe(true);
    expect(allChecked([], some)).toBe(false);
    expect([...toggled(some, [1, 3], false)]).toEqual([2]);
  });
});
