import { describe, expect, it } from 'vitest';
import {
  advanceSegment,
  SegmentOutput,
  type SegmentFix,
  type SegmentState,
} from './segmentation.rules';
import {
  packSegmentFix,
  packSegmentState,
  unpackSegmentFix,
  unpackSegmentState,
} from './segment-state.codec';
import { ZoneDays } from './zone-days';

/**
 * A tracker's day with every phase the state passes through: parked, a creep too short to be
 * a trip, a drive, a halt too short
 * to be a stop (a candidate with still time split over midnight), idling with the ignition
 * on, a drive, parked again; fixes every 30 s from 23:40 local time in Chicago.
 */
function day(): SegmentFix[] {
  const legs = [
    { minutes: 10, kmh: 0, ignition: null },
    { minutes: 1, kmh: 8, ignition: null },
    { minutes: 10, kmh: 0, ignition: null },
    { minutes: 12, kmh: 50, ignition: null },
    { minutes: 3, kmh: 0, ignition: null },
    { minutes: 15, kmh: 70, ignition: true },
    { minutes: 4, kmh: 0, ignition: true },
    { minutes: 8, kmh: 40, ignition: true },
    { minutes: 20, kmh: 0, ignition: false },
  ];
  const fixes: SegmentFix[] = [];
  let time = Date.parse('2026-03-03T05:40:00Z');
  let lat = 41.88;
  let odometer = 0;
  for (const leg of legs)
    for (let i = 0; i < leg.minutes * 2; i++) {
      const metres = (leg.kmh / 3.6) * 30;
      lat += metres / 111_195;
      odometer += metres;
      time += 30_000;
      fixes.push({
        time,
        lat,
        lng: -87.63,
        speed: leg.kmh / 3.6,
        ignition: leg.ignition,
        odometer,
        engineHours: leg.ignition === null ? null : 100 + time / 3_600_000,
        fuel: null,
        address: i % 7 === 0 ? `${i} N State St, Chicago` : null,
        geofenceId: i % 5 === 0 ? 12 : null,
      });
    }
  return fixes;
}

const stored = (state: SegmentState) => JSON.parse(JSON.stringify(packSegmentState(state)));

describe('the stored segmentation state', () => {
  it('restored before every fix, segments a day exactly as the state kept in memory', () => {
    const days = new ZoneDays('America/Chicago');
    const kept = new SegmentOutput();
    const restored = new SegmentOutput();
    let inMemory: SegmentState | null = null;
    let fromStore: SegmentState | null = null;
    const phases = new Set<string>();
    for (const fix of day()) {
      inMemory = advanceSegment(inMemory, fix, days, kept);
      fromStore = advanceSegment(
        fromStore && unpackSegmentState(stored(fromStore)),
        fix,
        days,
        restored,
      );
      expect(unpackSegmentState(stored(fromStore))).toEqual(inMemory);
      phases.add(`${inMemory.phase}${inMemory.candidate ? '+candidate' : ''}`);
    }
    // The day went through every shape the state has, so each field made the trip.
    expect([...phases].sort()).toEqual(['stop', 'stop+candidate', 'trip', 'trip+candidate']);
    expect(kept.trips.length).toBeGreaterThan(0);
    expect(restored.trips).toEqual(kept.trips);
    expect(restored.stops).toEqual(kept.stops);
    expect([...restored.days.values()]).toEqual([...kept.days.values()]);
  });

  it('is far smaller than the object it stands for', () => {
    const days = new ZoneDays('America/Chicago');
    let state: SegmentState | null = null;
    for (const fix of day().slice(0, 40))
      state = advanceSegment(state, fix, days, new SegmentOutput());
    expect(JSON.stringify(packSegmentState(state!)).length).toBeLessThan(
      JSON.stringify(state).length / 2,
    );
  });

  it('reads a state and a pending fix stored as objects before packing, and null as null', () => {
    const fix = day()[30]!;
    const state = advanceSegment(null, fix, new ZoneDays('UTC'), new SegmentOutput());
    expect(unpackSegmentState(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(unpackSegmentFix(JSON.parse(JSON.stringify(fix)))).toEqual(fix);
    expect(unpackSegmentFix(JSON.parse(JSON.stringify(packSegmentFix(fix))))).toEqual(fix);
    expect(unpackSegmentState(null)).toBeNull();
    expect(unpackSegmentState(undefined)).toBeNull();
    expect(unpackSegmentFix(null)).toBeNull();
  });
});
