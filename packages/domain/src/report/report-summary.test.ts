import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { distanceMetres, MPS_TO_MPH } from '../geo/geo.rules';
import type { Stop } from '../position/stop';
import { advanceOdometer, type Odometer } from '../trip/odometer.rules';
import { advanceSegment, SegmentOutput, type SegmentState } from '../trip/segmentation.rules';
import { nextDay, ZoneDays } from '../trip/zone-days';
import { reportSummary, type ReportFix } from './report-summary';

const MINUTE = 60_000;
const DAY = 86_400_000;
const MILE = 1609.344;
const CHICAGO = 'America/Chicago';
const t0 = Date.parse('2026-10-01T08:00:00Z');

const at = (minutes: number, lat: number, speed: number | null, lng = -87.63): ReportFix => ({
  time: t0 + minutes * MINUTE,
  lat,
  lng,
  fix: 'gps',
  speed,
  accuracy: 5,
  odometer: null,
});

const stop = (fromMinutes: number, toMinutes: number, lat = 41.9): Stop => ({
  start_time: new Date(t0 + fromMinutes * MINUTE),
  end_time: new Date(t0 + toMinutes * MINUTE),
  location: [-87.63, lat],
  lat,
  lng: -87.63,
  radius: 0.1,
});

const hour = { from: t0, to: t0 + 60 * MINUTE, before: null, after: null, stops: [] };

describe('reportSummary', () => {
  it('measures the odometer’s distance, driving time, the stops’ time and the speeds', () => {
    // 11.1 km north in 10 minutes, parked 20 minutes, 11.1 km on in 10 minutes.
    const fixes = [at(0, 41.8, 18), at(10, 41.9, 20), at(30, 41.9, 0), at(40, 42.0, 22)];
    const summary = reportSummary({ ...hour, fixes, stops: [stop(10, 30)] });
    const metres = 2 * distanceMetres(41.8, -87.63, 41.9, -87.63);
    expect(summary.distance_miles).toBeCloseTo(metres / MILE, 9);
    expect(summary.stops).toBe(1);
    expect(summary.stopped_seconds).toBe(20 * 60);
    // The hops into 10 and 40 were driven (20 and 22 m/s); the one into 30 was not (0).
    expect(summary.moving_seconds).toBe(20 * 60);
    expect(summary.max_mph).toBeCloseTo(22 * MPS_TO_MPH, 6);
    expect(summary.avg_mph).toBeCloseTo((metres / 1200) * MPS_TO_MPH, 6);
  });

  it('counts hops and a stop across the range’s start and end by their share of time inside', () => {
    const summary = reportSummary({
      ...hour,
      before: at(-10, 41.8, 20),
      fixes: [at(10, 41.9, 20)],
      // 56 minutes on, 50 of them inside.
      after: at(66, 42.0, 20),
      stops: [stop(-30, 10, 41.8)],
    });
    const hop = distanceMetres(41.8, -87.63, 41.9, -87.63);
    expect(summary.distance_miles * MILE).toBeCloseTo(hop / 2 + hop * (50 / 56), 6);
    expect(summary.moving_seconds).toBe(60 * 60);
    // The stop is listed whole; only its 10 minutes inside are stopped time of the range.
    expect(summary.stops).toBe(1);
    expect(summary.stopped_seconds).toBe(10 * 60);
  });

  it('measures no cell fix and no parked jitter under 15 m', () => {
    const cell = { ...at(5, 42.5, null), fix: 'cell', accuracy: 2000 };
    // Three fixes within about 10 m of one another, a cell fix 70 km away between them.
    const fixes = [at(0, 41.9, 0), cell, at(10, 41.90005, 0), at(20, 41.9, 0.2, -87.63008)];
    const summary = reportSummary({ ...hour, fixes });
    expect(summary.distance_miles).toBe(0);
    expect(summary.moving_seconds).toBe(0);
    expect(summary.max_mph).toBeCloseTo(0.2 * MPS_TO_MPH, 6);
  });

  it('takes the odometer stored with each fix, and the rule where a fix has none', () => {
    // The pipeline counted the hop into 10 as 0 (a tracker believed somewhere else is no drive);
    // the fix at 20 came late and has no odometer: the rule measures the hop into it.
    const fixes = [
      { ...at(0, 41.8, 20), odometer: 1000 },
      { ...at(10, 41.9, 20), odometer: 1000 },
      at(20, 42.0, 20),
      { ...at(30, 42.1, 20), odometer: 12_500 },
    ];
    const hop = distanceMetres(41.9, -87.63, 42.0, -87.63);
    const summary = reportSummary({ ...hour, fixes });
    expect(summary.distance_miles * MILE).toBeCloseTo(hop + hop, 6);
  });

  it('answers zeros for no positions', () => {
    expect(reportSummary({ ...hour, fixes: [] })).toEqual({
      distance_miles: 0,
      moving_seconds: 0,
      stopped_seconds: 0,
      stops: 0,
      max_mph: 0,
      avg_mph: 0,
    });
  });
});

/** One stretch of a track: parked (with GPS jitter), driving, or silent. */
const legArbitrary = fc.record({
  kind: fc.constantFrom('stay', 'drive', 'gap'),
  minutes: fc.integer({ min: 1, max: 1500 }),
  intervalSeconds: fc.integer({ min: 20, max: 1200 }),
  speed: fc.double({ min: 2, max: 35, noNaN: true }),
  heading: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
});
type Leg = typeof legArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** A track over `days` days from `start`, legs repeated in turn. */
function track(legs: readonly Leg[], start: number, days: number): ReportFix[] {
  const fixes: ReportFix[] = [];
  let t = start;
  let lat = 41.88;
  let lng = -87.63;
  let n = 0;
  for (let i = 0; t < start + days * DAY; i++) {
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
      fixes.push({
        time: t,
        lat: lat + jitter,
        lng: lng - jitter,
        fix: 'gps',
        speed: leg.kind === 'drive' ? leg.speed : n % 3 === 0 ? null : 0,
        accuracy: null,
        odometer: null,
      });
    }
  }
  return fixes;
}

/**
 * A track through the pipeline's arithmetic: its odometer (stored with each fix) and the
 * segmentation's daily summaries.
 */
function pipeline(fixes: readonly ReportFix[], days: ZoneDays) {
  const out = new SegmentOutput();
  let odometer: Odometer = { metres: 0, point: null };
  let state: SegmentState | null = null;
  const stored: ReportFix[] = [];
  for (const f of fixes) {
    odometer = advanceOdometer(odometer, f);
    stored.push({ ...f, odometer: odometer.metres });
    state = advanceSegment(
      state,
      {
        ...f,
        ignition: null,
        odometer: odometer.metres,
        engineHours: null,
        fuel: null,
        address: null,
        geofenceId: null,
      },
      days,
      out,
    );
  }
  return { stored, summaries: out.days };
}

describe('a report over whole local days', () => {
  it('says what the daily summaries of those days say', () => {
    const zone = new ZoneDays(CHICAGO);
    const first = '2026-10-30';
    fc.assert(
      fc.property(
        fc.array(legArbitrary, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 3 }),
        (legs, skip, length) => {
          // Six days from the first, over the change back from daylight time (November 1st).
          const run = pipeline(track(legs, zone.startOfDay(first), 6), new ZoneDays(CHICAGO));
          const fixes = run.stored;
          let dayFrom = first;
          for (let i = 0; i <= skip; i++) dayFrom = nextDay(dayFrom);
          let dayTo = dayFrom;
          for (let i = 1; i < length; i++) dayTo = nextDay(dayTo);
          const range = { from: zone.startOfDay(dayFrom), to: zone.startOfDay(nextDay(dayTo)) };
          const days = [...run.summaries.values()].filter(
            (d) => d.day >= dayFrom && d.day <= dayTo,
          );

          const inside = fixes.filter((f) => f.time >= range.from && f.time < range.to);
          const before = fixes.filter((f) => f.time < range.from).at(-1) ?? null;
          const after = fixes.find((f) => f.time >= range.to) ?? null;
          const summary = reportSummary({ ...range, fixes: inside, before, after, stops: [] });
          const metres = days.reduce((sum, d) => sum + d.distance, 0);
          const drivingMs = days.reduce((sum, d) => sum + d.drivingMs, 0);
          const maxSpeed = Math.max(0, ...days.map((d) => d.maxSpeed ?? 0));
          expect(summary.moving_seconds).toBeCloseTo(drivingMs / 1000, 6);
          expect(summary.max_mph).toBeCloseTo(maxSpeed * MPS_TO_MPH, 9);
          expect(summary.distance_miles * MILE).toBeCloseTo(metres, 6);
        },
      ),
      { numRuns: 25, seed: 36 },
    );
  }, 30_000);
});
