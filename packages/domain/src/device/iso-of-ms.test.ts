import { describe, expect, it } from 'vitest';
import { isoOfMs } from './device-rows';

describe('isoOfMs', () => {
  it('spells every moment as toISOString does', () => {
    const moments = [
      0,
      -1,
      1,
      999,
      86_399_999,
      86_400_000,
      -86_400_001,
      Date.parse('2026-11-23T09:05:07.042Z'),
      Date.parse('2024-02-29T23:59:59.999Z'),
      Date.parse('1969-12-31T12:00:00.000Z'),
      8.64e15,
      12.5,
    ];
    for (let i = 0; i < 2_000; i++) moments.push(Math.floor((Math.random() - 0.3) * 4e12));
    for (const ms of moments) expect(isoOfMs(ms), String(ms)).toBe(new Date(ms).toISOString());
  });
});
