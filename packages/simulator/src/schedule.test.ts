import { describe, expect, it } from 'vitest';
import { createRandom } from './trips/random';
import { DueQueue, firstDue, intervalForRate, nextDue, reconnectDelay } from './schedule';

describe('due queue', () => {
  it('pops exactly the devices due by now, earliest first, and keeps the rest', () => {
    const queue = new DueQueue();
    const rng = createRandom(1);
    const due = Array.from({ length: 500 }, (_, device) => ({ device, at: rng.int(0, 10_000) }));
    for (const d of due) queue.push(d.device, d.at);
    const popped = queue.popDue(5000);
    const expected = due.filter((d) => d.at <= 5000).sort((a, b) => a.at - b.at);
    expect(popped.map((p) => p.dueAt)).toEqual(expected.map((d) => d.at));
    expect(queue.size).toBe(500 - popped.length);
    expect(queue.peek()).toBeGreaterThan(5000);
  });

  it('returns nothing when nothing is due', () => {
    const queue = new DueQueue();
    queue.push(0, 100);
    expect(queue.popDue(99)).toEqual([]);
    expect(queue.popDue(100)).toEqual([{ device: 0, dueAt: 100 }]);
    expect(queue.peek()).toBeUndefined();
  });
});

describe('scheduling', () => {
  it('spreads first reports evenly over one interval', () => {
    const times = Array.from({ length: 4 }, (_, i) => firstDue(i, 4, 30_000, 1000));
    expect(times).toEqual([1000, 8500, 16000, 23500]);
  });

  it('keeps the cadence when on time and skips ahead instead of bursting when far behind', () => {
    expect(nextDue(10_000, 10_050, 1000)).toBe(11_000);
    expect(nextDue(10_000, 11_500, 1000)).toBe(11_000);
    expect(nextDue(10_000, 15_000, 1000)).toBe(16_000);
  });

  it('turns a rate into an interval: 1/30 is every 30 s, fractions and above 1 allowed', () => {
    expect(intervalForRate(1 / 30)).toBe(30_000);
    expect(intervalForRate(2)).toBe(500);
    expect(intervalForRate(0.001)).toBe(1_000_000);
    expect(() => intervalForRate(0)).toThrow('--rate must be reports per second per device');
  });

  it('backs off 1 s, 2 s, 4 s ... up to 60 s, within ±20 % jitter', () => {
    expect([1, 2, 3, 7, 20].map((n) => reconnectDelay(n, 0.5))).toEqual([
      1000, 2000, 4000, 60_000, 60_000,
    ]);
    expect(reconnectDelay(1, 0)).toBe(800);
    expect(reconnectDelay(1, 0.999_999)).toBe(1200);
  });
});
