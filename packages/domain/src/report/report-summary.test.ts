import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { reportStops, reportSummary, type ReportPoint } from './report-summary';

const MINUTE = 60_000;
const DAY = 86_400_000;
const day0 = Date.parse('2026-10-01T00:00:00Z');

/** One stretch of a track: parked (with GPS jitter), driving, or silent. */
const legArbitrary = fc.record({
  kind: fc.constantFrom('stay', 'drive', 'gap'),
  minutes: fc.integer({ min: 1, max: 1500 }),
  intervalSeconds: fc.integer({ min: 20, max: 1200 }),
  speed: fc.double({ min: 2, max: 35, noNaN: true }),
  heading: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
});
type Leg = typeof legArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** A track from a day before the first day to a day after the last, legs repeated in turn. */
function track(legs: readonly Leg[], startOffsetMinutes: number, days: number): ReportPoint[] {
  const points: ReportPoint[] = [];
  let t = day0 - DAY + startOffsetMinutes * MINUTE;
  let lat = 41.88;
  let lng = -87.63;
  let n = 0;
  for (let i = 0; t < day0 + (days + 1) * DAY; i++) {
    const leg = legs[i % legs.length]!;
    const end = t + leg.minutes * MINUTE;
    const step = leg.intervalSeconds * 1000;
    if (leg.kind === 'gap') {
      t = end;
      continue;
    }
    for (; t < end; t += step) {
      n++;
      if (leg.kind === 'drive') {
        const metres = (leg.speed * step) / 1000;
        lat += (metres * Math.cos(leg.heading)) / 111_320;
        lng += (metres * Math.sin(leg.heading)) / (111_320 * Math.cos((lat * Math.PI) / 180));
        if (Math.abs(lat) > 80) lat = Math.sign(lat) * 80;
        lng = ((lng + 540) % 360) - 180;
      }
      // Parked fixes wander up to about 20 m; a stay's speed is sometimes not reported.
      const jitter = leg.kind === 'stay' ? Math.sin(n * 12.9898) * 0.00018 : 0;
      points.push({
        lat: lat + jitter,
        lng: lng - jitter,
        time: new Date(t),
        speed: leg.kind === 'drive' ? leg.speed : n % 3 === 0 ? null : 0,
      });
    }
  }
  return points;
}

/** The figures of [from, to) the way a report of that range works them out. */
function figuresOf(points: readonly ReportPoint[], from: number, to: number) {
  const inRange = points.filter((p) => p.time.getTime() >= from && p.time.getTime() < to);
  const before = points.filter((p) => p.time.getTime() < from).at(-1) ?? null;
  return reportSummary(inRange, reportStops(inRange), before);
}

describe('reportSummary', () => {
  it('counts distance, moving and stopped time, stops and speeds', () => {
    const at = (minutes: number, lat: number, speed: number | null): ReportPoint => ({
      lat,
      lng: -87.63,
      time: new Date(day0 + 8 * 3_600_000 + minutes * MINUTE),
      speed,
    });
    // 11.1 km north in 10 minutes, parked 20 minutes, 11.1 km on in 10 minutes.
    const points = [at(0, 41.8, 18), at(10, 41.9, 20), at(30, 41.9, 0), at(40, 42.0, 22)];
    const summary = reportSummary(points, reportStops(points));
    expect(summary.stops).toBe(1);
    expect(summary.stopped_seconds).toBe(20 * 60);
    expect(summary.moving_seconds).toBe(20 * 60);
    expect(summary.distance_miles).toBeCloseTo(13.82, 1);
    expect(summary.max_mph).toBeCloseTo(22 * 2.23694, 6);
    expect(summary.avg_mph).toBeCloseTo(13.82 * 3, 0);
  });

  it('never averages above the maximum when a tracker reports slower than it drove', () => {
    const at = (minutes: number, lat: number): ReportPoint => ({
      lat,
      lng: -87.63,
      time: new Date(day0 + 8 * 3_600_000 + minutes * MINUTE),
      speed: 5,
    });
    // 11.1 km in 10 minutes (about 41 mph) while the tracker says 5 m/s (11 mph).
    const points = [at(0, 41.8), at(10, 41.9)];
    const summary = reportSummary(points, reportStops(points));
    expect(summary.avg_mph).toBeCloseTo(41.4, 0);
    expect(summary.max_mph).toBeGreaterThanOrEqual(summary.avg_mph);
  });

  it('answers zeros for no positions', () => {
    expect(reportSummary([], [])).toEqual({
      distance_miles: 0,
      moving_seconds: 0,
      stopped_seconds: 0,
      stops: 0,
      max_mph: 0,
      avg_mph: 0,
    });
  });

  it('splits a stay across midnight into a stop on each side', () => {
    const points = [-20, -10, 0, 10, 20].map((minutes): ReportPoint => ({
      lat: 41.88,
      lng: -87.63,
      time: new Date(day0 + DAY + minutes * MINUTE),
      speed: 0,
    }));
    expect(reportStops(points).map((s) => [s.start_time.getTime(), s.end_time.getTime()])).toEqual([
      [day0 + DAY - 20 * MINUTE, day0 + DAY - 10 * MINUTE],
      [day0 + DAY, day0 + DAY + 20 * MINUTE],
    ]);
  });

  it('gives a 30-day range the sum of its 30 daily figures', () => {
    const days = 30;
    fc.assert(
      fc.property(
        fc.array(legArbitrary, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 1439 }),
        (legs, offset) => {
          const points = track(legs, offset, days);
          const whole = figuresOf(points, day0, day0 + days * DAY);
          const daily = Array.from({ length: days }, (_, d) =>
            figuresOf(points, day0 + d * DAY, day0 + (d + 1) * DAY),
          );
          const sum = (key: 'distance_miles' | 'moving_seconds' | 'stopped_seconds' | 'stops') =>
            daily.reduce((total, f) => total + f[key], 0);
          expect(whole.stops).toBe(sum('stops'));
          expect(whole.stopped_seconds).toBe(sum('stopped_seconds'));
          expect(whole.moving_seconds).toBe(sum('moving_seconds'));
          expect(whole.distance_miles).toBeCloseTo(sum('distance_miles'), 6);
          expect(whole.max_mph).toBe(Math.max(0, ...daily.map((f) => f.max_mph)));
        },
      ),
      { numRuns: 25, seed: 20 },
    );
  });
});
