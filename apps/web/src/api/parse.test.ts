import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { checkedRows } from './parse';

const row = z.object({ lat: z.number(), timestamp: z.string() });
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ lat: i / 1000, timestamp: `2026-12-01T00:00:${i}Z` }));

describe('checkedRows', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers a long list of rows of the right shape as it came, warning of nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const list = rows(86_400);
    expect(checkedRows(row, list, 'positions')).toBe(list);
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns when the rows changed shape, wherever the sample lands, and still answers them', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A server that renamed a field: every row has the new shape.
    const renamed = rows(10_000).map(({ lat, timestamp }) => ({ latitude: lat, timestamp }));
    expect(checkedRows(row, renamed, 'positions')).toBe(renamed);
    expect(warn).toHaveBeenCalledWith('Unexpected positions response', expect.anything());
  });

  it('checks the last row too, and a body that is not a list at all', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const list: unknown[] = rows(1000);
    list[999] = { lat: 'north', timestamp: 'x' };
    checkedRows(row, list, 'positions');
    checkedRows(row, { data: [] }, 'positions');
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
