import { describe, expect, it } from 'vitest';
import type { Fix } from './fix';
import { distanceM, insideUs } from './geo';
import { generateHistory } from './history';
import { advance, createVehicle } from './vehicle';

const FROM = new Date('2024-03-01T00:00:00Z');
const TO = new Date('2024-03-31T00:00:00Z');
/** 75 mph plus the easing margin the model allows. */
const MAX_KMH = 125;

function pairs(fixes: Fix[]): [Fix, Fix][] {
  return fixes.slice(1).map((b, i) => [fixes[i]!, b]);
}

describe('trip model', () => {
  const histories = ['truck-1', 'truck-2', 'van-3', 'asset-4', 7, 11].map((seed) =>
    generateHistory(seed, FROM, TO),
  );

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateHistory('truck-1', FROM, TO)).toEqual(histories[0]);
    expect(histories[1]![0]).not.toEqual(histories[0]![0]);
  });

  it('reports in order, within the requested range, with drives and parked periods', () => {
    for (const fixes of histories) {
      expect(fixes[0]!.time).toEqual(FROM);
      expect(+fixes.at(-1)!.time).toBeLessThanOrEqual(+TO);
      for (const [a, b] of pairs(fixes)) expect(+b.time).toBeGreaterThan(+a.time);
      expect(fixes.some((f) => f.speedKmh > 80)).toBe(true);
      expect(fixes.some((f) => !f.ignition)).toBe(true);
    }
  });

  it('keeps speeds within highway bounds and battery within 0..100', () => {
    for (const f of histories.flat()) {
      expect(f.speedKmh).toBeGreaterThanOrEqual(0);
      expect(f.speedKmh).toBeLessThanOrEqual(MAX_KMH);
      expect(f.battery).toBeGreaterThanOrEqual(0);
      expect(f.battery).toBeLessThanOrEqual(100);
    }
  });

  it('never teleports: distance between fixes fits the faster speed × time plus both accuracies', () => {
    for (const [a, b] of pairs(histories.flat()).filter(([a, b]) => +b.time > +a.time)) {
      const seconds = (+b.time - +a.time) / 1000;
      const allowed = (Math.max(a.speedKmh, b.speedKmh) / 3.6) * seconds + a.accuracy + b.accuracy;
      expect(distanceM(a, b)).toBeLessThanOrEqual(allowed + 1);
    }
  });

  it('stays inside the contiguous United States', () => {
    for (const f of histories.flat()) expect(insideUs(f)).toBe(true);
  });

  it('mixes gps, wifi and cell fixes with accuracies that match the source', () => {
    const all = histories.flat();
    for (const source of ['gps', 'wifi', 'cell'] as const) {
      const fixes = all.filter((f) => f.fix === source);
      expect(fixes.length).toBeGreaterThan(0);
      const [min, max] = { gps: [3, 12], wifi: [20, 80], cell: [500, 2500] }[source];
      for (const f of fixes) expect(f.accuracy).toBeGreaterThanOrEqual(min!);
      for (const f of fixes) expect(f.accuracy).toBeLessThanOrEqual(max!);
    }
    // Parked trackers are indoors more often, so most wifi fixes come from parked ones.
    const wifi = all.filter((f) => f.fix === 'wifi');
    expect(wifi.every((f) => !f.ignition)).toBe(true);
  });

  it('charges a wired tracker while driving and drains it while parked', () => {
    const vehicle = createVehicle('wired', { start: FROM, kind: 'vehicle', randomAlarms: false });
    const fixes = advance(vehicle, TO);
    expect(fixes.filter((f) => f.ignition).every((f) => f.charging)).toBe(true);
    const parkedRuns = pairs(fixes).filter(([a, b]) => !a.ignition && !b.ignition);
    for (const [a, b] of parkedRuns) expect(b.battery).toBeLessThanOrEqual(a.battery);
  });

  it('gives the same fixes whether advanced in one call or in many small steps', () => {
    const whole = advance(createVehicle(42, { start: FROM }), TO);
    const stepped = createVehicle(42, { start: FROM });
    const pieces: Fix[] = [];
    for (let t = +FROM; t <= +TO; t += 3_600_000) pieces.push(...advance(stepped, t));
    expect(pieces).toEqual(whole);
  });

  it('reports at the configured intervals: moving every 30–120 s, parked every 15–60 min', () => {
    const fixes = advance(createVehicle('live', { start: FROM }), TO);
    for (const [a, b] of pairs(fixes)) {
      const seconds = (+b.time - +a.time) / 1000;
      expect(seconds).toBeLessThanOrEqual(a.ignition ? 120 : 3600);
    }
  });

  it('idles a few minutes with the engine on before each drive, as drivers warm up', () => {
    for (const fixes of histories) {
      const idling = pairs(fixes).filter(([a, b]) => a.ignition && b.ignition && b.speedKmh === 0);
      expect(idling.length).toBeGreaterThan(0);
      // A warm-up lasts minutes and nearly always ends in a drive (else night fell meanwhile).
      let drives = 0;
      let runs = 0;
      for (let i = 0; i < fixes.length; i++) {
        if (!fixes[i]!.ignition || fixes[i]!.speedKmh > 0) continue;
        const next = fixes.slice(i).find((f) => !f.ignition || f.speedKmh > 0);
        if (!next) continue;
        runs++;
        if (next.ignition) drives++;
        expect(+next.time - +fixes[i]!.time).toBeLessThanOrEqual(12 * 60_000 + 300_000);
      }
      expect(drives).toBeGreaterThan(runs * 0.9);
    }
  });

  it('raises alarms only rarely', () => {
    const all = histories.flat();
    const alarms = all.filter((f) => f.alarm && f.alarm !== 'lowBattery');
    expect(alarms.length).toBeLessThan(all.length / 1000);
  });
});
