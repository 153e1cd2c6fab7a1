import { describe, expect, it } from 'vitest';
import { distanceMetres } from '../geo/geo.rules';
import {
  advanceSegment,
  DEFAULT_SEGMENT_SETTINGS,
  ongoingStop,
  ongoingTrip,
  SegmentOutput,
  type SegmentFix,
  type SegmentState,
} from './segmentation.rules';
import { ZoneDays } from './zone-days';

/**
 * Tracks are written as legs a person would describe ("parked 30 min, drove 20 km at
 * 60 km/h, parked"); the expected figures come from the legs themselves and from a plain
 * great-circle sum over the same fixes, never from the segmentation.
 */
interface Leg {
  minutes: number;
  /** km/h, 0 when parked. */
  kmh: number;
  /** Degrees of heading for a drive (0 = north). */
  heading?: number;
  ignition?: boolean | null;
}

const START = Date.parse('2026-03-02T14:00:00Z');
const EVERY_S = 30;

function track(legs: Leg[], start = START, origin = { lat: 41.88, lng: -87.63 }): SegmentFix[] {
  const fixes: SegmentFix[] = [];
  let { lat, lng } = origin;
  let time = start;
  let odometer = 0;
  for (const leg of legs) {
    const steps = Math.round((leg.minutes * 60) / EVERY_S);
    for (let i = 0; i < steps; i++) {
      const metres = (leg.kmh / 3.6) * EVERY_S;
      const heading = ((leg.heading ?? 90) * Math.PI) / 180;
      const nextLat = lat + ((metres * Math.cos(heading)) / 6_371_000) * (180 / Math.PI);
      const nextLng =
        lng +
        ((metres * Math.sin(heading)) / (6_371_000 * Math.cos((lat * Math.PI) / 180))) *
          (180 / Math.PI);
      if (fixes.length > 0) odometer += distanceMetres(lat, lng, nextLat, nextLng);
      lat = nextLat;
      lng = nextLng;
      time += EVERY_S * 1000;
      fixes.push({
        time,
        lat,
        lng,
        speed: leg.kmh / 3.6,
        ignition: leg.ignition ?? null,
        odometer,
        engineHours: null,
        fuel: null,
        address: null,
        geofenceId: null,
      });
    }
  }
  return fixes;
}

function run(fixes: SegmentFix[], zone = 'America/Chicago', split = 1) {
  const days = new ZoneDays(zone);
  const out = new SegmentOutput();
  let state: SegmentState | null = null;
  // Batches of `split` fixes with a JSON round trip between them, as the pipeline stores it.
  for (let i = 0; i < fixes.length; i += split) {
    for (const fix of fixes.slice(i, i + split)) state = advanceSegment(state, fix, days, out);
    state = JSON.parse(JSON.stringify(state)) as SegmentState;
  }
  return { out, state: state! };
}

/**
 * Idle time added up by hand: the time between consecutive fixes that both have the engine on,
 * the later one standing (below the speed a tracker drives at).
 */
const idleByHand = (fixes: SegmentFix[]) =>
  fixes.slice(1).reduce((sum, f, i) => {
    const previous = fixes[i]!;
    const standing = (f.speed ?? 0) < DEFAULT_SEGMENT_SETTINGS.movingSpeedMps;
    return previous.ignition && f.ignition && standing ? sum + f.time - previous.time : sum;
  }, 0);

const greatCircle = (fixes: SegmentFix[]) =>
  fixes
    .slice(1)
    .reduce((sum, f, i) => sum + distanceMetres(fixes[i]!.lat, fixes[i]!.lng, f.lat, f.lng), 0);

describe('trips and stops', () => {
  it('a park, a 20 km drive and a park are one trip of the drive’s length between two stops', () => {
    const fixes = track([
      { minutes: 30, kmh: 0 },
      { minutes: 20, kmh: 60 },
      { minutes: 30, kmh: 0 },
    ]);
    const { out, state } = run(fixes, 'America/Chicago', 7);
    expect(out.trips).toHaveLength(1);
    const trip = out.trips[0]!;
    const drive = fixes.slice(59, 100);
    expect(Math.abs(trip.distance - greatCircle(drive)) / greatCircle(drive)).toBeLessThan(0.02);
    expect(trip.distance).toBeGreaterThan(19_600);
    expect(trip.start.time).toBe(fixes[59]!.time);
    expect(trip.end.time).toBe(fixes[100]!.time);
    expect(trip.drivingMs).toBe(20 * 60_000);
    expect(trip.maxSpeed).toBeCloseTo(60 / 3.6);
    // Average: the drive's length over the trip's duration (from the last parked fix on).
    const seconds = (fixes[100]!.time - fixes[59]!.time) / 1000;
    expect(
      Math.abs(trip.averageSpeed - greatCircle(drive) / seconds) / trip.averageSpeed,
    ).toBeLessThan(0.02);
    expect(trip.averageSpeed).toBeLessThanOrEqual(trip.maxSpeed);
    expect(out.stops).toHaveLength(1);
    expect(out.stops[0]!.end.time).toBe(trip.start.time);
    expect(ongoingStop(state)!.start.time).toBe(trip.end.time);
    expect(ongoingTrip(state)).toBeNull();
  });

  it('a two-minute halt at a light is idle time within one trip', () => {
    const { out } = run(
      track([
        { minutes: 10, kmh: 0 },
        { minutes: 10, kmh: 50 },
        { minutes: 2, kmh: 0 },
        { minutes: 10, kmh: 50 },
        { minutes: 10, kmh: 0 },
      ]),
    );
    expect(out.trips).toHaveLength(1);
    expect(out.trips[0]!.idleMs).toBe(2 * 60_000);
    expect(out.trips[0]!.drivingMs).toBe(20 * 60_000);
    const [day] = out.days.values();
    expect(day!.idleMs).toBe(2 * 60_000);
  });

  it('a halt of ten minutes splits the drive into two trips with a stop between', () => {
    const { out } = run(
      track([
        { minutes: 10, kmh: 0 },
        { minutes: 10, kmh: 50 },
        { minutes: 10, kmh: 0 },
        { minutes: 10, kmh: 50 },
        { minutes: 10, kmh: 0 },
      ]),
    );
    expect(out.trips).toHaveLength(2);
    expect(out.stops).toHaveLength(2);
    // From the first still fix to the last: twenty fixes 30 s apart.
    expect(out.stops[1]!.durationMs).toBe(10 * 60_000 - EVERY_S * 1000);
  });

  it('moving 100 m across a yard is no trip', () => {
    const { out, state } = run(
      track([
        { minutes: 10, kmh: 0 },
        { minutes: 0.5, kmh: 12 },
        { minutes: 20, kmh: 0 },
      ]),
    );
    expect(out.trips).toHaveLength(0);
    expect(state.phase).toBe('stop');
  });

  it('with an ignition, idling with the engine on is idle time and the trip ends at ignition off', () => {
    const { out } = run(
      track([
        { minutes: 10, kmh: 0, ignition: false },
        { minutes: 8, kmh: 0, ignition: true },
        { minutes: 10, kmh: 40, ignition: true },
        { minutes: 10, kmh: 0, ignition: false },
      ]),
    );
    expect(out.trips).toHaveLength(1);
    expect(out.trips[0]!.drivingMs).toBe(10 * 60_000);
    const [day] = out.days.values();
    // 8 minutes idling before the drive, less the first 30 s: the engine started within them.
    expect(day!.idleMs).toBe(8 * 60_000 - EVERY_S * 1000);
  });

  it('idle time is the time the engine ran standing, as added up by hand over the fixes', () => {
    // Parked with the engine off, reporting every 30 min as the demo's trackers do; a warm-up,
    // a drive, a wait with the engine running, another drive, the engine off.
    const fixes = track([
      { minutes: 120, kmh: 0, ignition: false },
      { minutes: 6, kmh: 0, ignition: true },
      { minutes: 20, kmh: 50, ignition: true },
      { minutes: 3, kmh: 0, ignition: true },
      { minutes: 20, kmh: 50, ignition: true },
      { minutes: 60, kmh: 0, ignition: false },
    ]).filter((f, i) => f.ignition || i % 60 === 0);
    const { out } = run(fixes, 'America/Chicago', 5);
    const byHand = idleByHand(fixes);
    expect(byHand).toBeGreaterThan(0);
    const days = [...out.days.values()].reduce((sum, d) => sum + d.idleMs, 0);
    expect(days).toBe(byHand);
    expect(out.trips).toHaveLength(1);
    expect(out.trips[0]!.idleMs).toBe(byHand);
  });

  it('no data for over an hour ends a trip where the data stopped', () => {
    const before = track([
      { minutes: 10, kmh: 0 },
      { minutes: 10, kmh: 50 },
    ]);
    const after = track([{ minutes: 10, kmh: 50 }], before.at(-1)!.time + 3 * 3600_000, {
      lat: 41.5,
      lng: -87.0,
    }).map((f) => ({ ...f, odometer: f.odometer + before.at(-1)!.odometer + 40_000 }));
    const { out, state } = run([...before, ...after]);
    expect(out.trips).toHaveLength(1);
    expect(out.trips[0]!.end.time).toBe(before.at(-1)!.time);
    expect(state.phase).toBe('trip');
    expect(ongoingTrip(state)!.start.time).toBeGreaterThan(before.at(-1)!.time);
  });
});

describe('daily summaries', () => {
  it('a drive across local midnight splits its distance and time between the two days', () => {
    // 23:40 to 00:20 in Chicago (CST, UTC−6) on 2026-03-02/03.
    const start = Date.parse('2026-03-03T05:30:00Z');
    const fixes = track(
      [
        { minutes: 10, kmh: 0 },
        { minutes: 40, kmh: 60 },
        { minutes: 10, kmh: 0 },
      ],
      start,
    );
    const { out } = run(fixes, 'America/Chicago', 13);
    const first = out.days.get('2026-03-02')!;
    const second = out.days.get('2026-03-03')!;
    expect(first.drivingMs).toBe(20 * 60_000);
    expect(second.drivingMs).toBe(20 * 60_000);
    const total = greatCircle(fixes);
    expect(first.distance + second.distance).toBeCloseTo(total, 3);
    expect(Math.abs(first.distance - total / 2) / total).toBeLessThan(0.02);
    expect(first.lastFix).toBeLessThan(Date.parse('2026-03-03T06:00:00Z'));
    expect(second.firstFix).toBeGreaterThanOrEqual(Date.parse('2026-03-03T06:00:00Z'));
    expect(out.trips).toHaveLength(1);
  });

  it('the same drive read in UTC is one day', () => {
    const start = Date.parse('2026-03-03T05:30:00Z');
    const { out } = run(track([{ minutes: 40, kmh: 60 }], start), 'UTC');
    expect([...out.days.keys()]).toEqual(['2026-03-03']);
  });

  it('counts each stop in the day it began, and the day’s top speed', () => {
    const { out } = run(
      track([
        { minutes: 10, kmh: 0 },
        { minutes: 10, kmh: 50 },
        { minutes: 10, kmh: 0 },
        { minutes: 10, kmh: 80 },
        { minutes: 10, kmh: 0 },
      ]),
    );
    const [day] = out.days.values();
    expect(day!.stops).toBe(3);
    expect(day!.maxSpeed! * 3.6).toBeCloseTo(80);
  });

  it('engine hours and fuel used add up the device’s own counters', () => {
    const fixes = track([{ minutes: 60, kmh: 50 }]).map((f, i) => ({
      ...f,
      engineHours: 1000 + (i * EVERY_S) / 3600,
      fuel: 80 - i * 0.1,
    }));
    const { out } = run(fixes);
    const [day] = out.days.values();
    expect(day!.engineHours).toBeCloseTo(((fixes.length - 1) * EVERY_S) / 3600);
    expect(day!.fuelUsed).toBeCloseTo((fixes.length - 1) * 0.1);
  });
});
