import { expect, it } from 'vitest';
import { generateHistory } from '@waymark/simulator/trips/history';
import { LOW_BATTERY } from '@waymark/domain';
import { drainBattery, pressSos } from './demo-attention';

const to = new Date('2026-11-20T12:00:00Z');
const from = new Date(to.getTime() - 5 * 86_400_000);
const history = generateHistory('8690000000059', from, to);

it('drains the last day to a flat battery, uncharged, the last report raising the alarm', () => {
  const drained = drainBattery(history);
  expect(drained).toHaveLength(history.length);
  const last = drained.at(-1)!;
  expect(last.battery).toBeLessThan(LOW_BATTERY);
  expect(last.alarm).toBe('lowBattery');
  const lastDay = drained.filter((f) => f.time.getTime() >= to.getTime() - 86_400_000);
  expect(lastDay.every((f) => !f.charging)).toBe(true);
  // Down, never up, over the day.
  for (let i = 1; i < lastDay.length; i++) {
    expect(lastDay[i]!.battery).toBeLessThanOrEqual(lastDay[i - 1]!.battery);
  }
  // The days before are the simulator's own.
  expect(drained[0]).toEqual(history[0]);
});

it('raises SOS once, on the report three hours before the end', () => {
  const pressed = pressSos(history, to);
  const sos = pressed.filter((f) => f.alarm === 'sos');
  expect(sos).toHaveLength(1);
  const hoursBefore = (to.getTime() - sos[0]!.time.getTime()) / 3_600_000;
  expect(hoursBefore).toBeGreaterThan(2);
  expect(hoursBefore).toBeLessThan(4);
});
