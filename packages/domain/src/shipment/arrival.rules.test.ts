import { describe, expect, it } from 'vitest';
import {
  APPROACH_M,
  EMPTY_TRACK,
  extendTrack,
  isMovingStep,
  movingSpeed,
  predictedArrival,
  ROAD_FACTOR,
  roadFactor,
  routedFactor,
  routedSpeed,
  ROUTED_FACTOR_MAX,
  SPEED_WINDOW_MS,
  type SpeedFix,
  trackFixes,
  type Track,
} from './arrival.rules';

const MIN = 60_000;
/** 0.001° of latitude is 111.2 m. */
const at = (minute: number, lat: number): SpeedFix => ({ time: minute * MIN, lat, lng: -87 });
/** The fixes as the clock's track holds them (the last quarter of an hour of them). */
const trackOf = (fixes: readonly SpeedFix[]) => fixes.reduce<Track>(extendTrack, EMPTY_TRACK);

describe('the moving speed', () => {
  it('is distance over time of the steps where the tracker moved', () => {
    // 1.112 km a minute for six minutes: 18.5 m/s (66.7 km/h).
    const track = trackOf(Array.from({ length: 7 }, (_, i) => at(i, 41 + i * 0.01)));
    expect(movingSpeed(track)).toBeCloseTo(1112 / 60, 0);
  });

  it('leaves out standing, and needs five minutes of moving', () => {
    const moving = Array.from({ length: 6 }, (_, i) => at(i, 41 + i * 0.01));
    const parked = Array.from({ length: 9 }, (_, i) => at(6 + i, 41.05 + (i % 2) * 0.000_01));
    expect(movingSpeed(trackOf([...moving, ...parked]))).toBeCloseTo(1112 / 60, 0);
    expect(movingSpeed(trackOf(moving.slice(0, 5)))).toBeNull();
    expect(movingSpeed(trackOf(parked))).toBeNull();
  });

  it('leaves out a jump no vehicle makes', () => {
    const fixes = Array.from({ length: 7 }, (_, i) => at(i, 41 + i * 0.01));
    fixes.splice(3, 0, { time: 2.5 * MIN, lat: 43, lng: -87 });
    expect(movingSpeed(trackOf(fixes))).toBeCloseTo(1112 / 60, -1);
  });
});

describe('the track', () => {
  it('keeps the fixes of the last quarter of an hour, in order', () => {
    let track = EMPTY_TRACK;
    for (let minute = 0; minute <= 60; minute += 5) track = extendTrack(track, at(minute, 41));
    expect(trackFixes(track).map((p) => p.time / MIN)).toEqual([45, 50, 55, 60]);
    expect(SPEED_WINDOW_MS).toBe(15 * MIN);
    expect(extendTrack(track, at(55, 42))).toEqual(track);
  });

  it('leaves every earlier version as it was, however the versions are extended', () => {
    const base = trackOf([at(0, 41), at(1, 41.01), at(2, 41.02)]);
    const ahead = extendTrack(base, at(3, 41.03));
    // A second branch from the same version: it must not see, nor overwrite, the first one's fix.
    const branch = extendTrack(base, at(3, 41.5));
    expect(trackFixes(base).map((p) => p.lat)).toEqual([41, 41.01, 41.02]);
    expect(trackFixes(ahead).map((p) => p.lat)).toEqual([41, 41.01, 41.02, 41.03]);
    expect(trackFixes(branch).map((p) => p.lat)).toEqual([41, 41.01, 41.02, 41.5]);
    expect(ahead.movedM).toBeCloseTo(3 * 1112, -1);
    // Long after: the window moved on, the sums only hold its steps.
    let later = ahead;
    for (let minute = 4; minute <= 200; minute++)
      later = extendTrack(later, at(minute, 41 + minute * 0.01));
    expect(trackFixes(later)).toHaveLength(16);
    expect(later.movedMs).toBe(15 * MIN);
    expect(trackFixes(ahead).map((p) => p.lat)).toEqual([41, 41.01, 41.02, 41.03]);
  });
});

describe('the road factor', () => {
  const origin = { lat: 41, lng: -87 };
  it('is 1.2 until the tracker is 10 km away, then its own detour within 1 to 1.6', () => {
    // 5.6 km north, after driving 9 km.
    expect(roadFactor(origin, 9000, { lat: 41.05, lng: -87 })).toBe(ROAD_FACTOR);
    expect(roadFactor(null, 0, { lat: 42, lng: -87 })).toBe(ROAD_FACTOR);
    // 22.2 km north after 24.5 km of road: 1.1.
    expect(roadFactor(origin, 24_464, { lat: 41.2, lng: -87 })).toBeCloseTo(1.1, 2);
    expect(roadFactor(origin, 20_000, { lat: 41.2, lng: -87 })).toBe(1);
    expect(roadFactor(origin, 90_000, { lat: 41.2, lng: -87 })).toBe(1.6);
  });
});

describe('the predicted arrival', () => {
  it('is the remaining distance times the road factor at the moving speed', () => {
    // 36 km at 20 m/s: 30 minutes, 36 with the road factor, the last 10 km at town speed.
    expect(ROAD_FACTOR).toBe(1.2);
    // 43.2 km of road: 33.2 km at 20 m/s, the last 10 km at town speed (12.5 m/s).
    expect(predictedArrival(0, 36_000, 20)).toBe(41 * MIN);
    expect(predictedArrival(5 * MIN, 0, 20)).toBe(5 * MIN);
    expect(predictedArrival(0, 36_000, 20, 1)).toBe(35 * MIN);
  });
});

describe('a routed distance', () => {
  // 0.1° of latitude north: 11.12 km in a straight line.
  const road = (distanceM: number, durationS: number | null = null, toLat = 41.1) => ({
    from: { lat: 41, lng: -87 },
    to: { lat: toLat, lng: -87 },
    distanceM,
    durationS,
  });

  it('gives the road factor of the route: road metres over straight metres', () => {
    expect(routedFactor(road(14_456))).toBeCloseTo(1.3, 2);
  });

  it('is never shorter than the straight line nor an absurd detour', () => {
    expect(routedFactor(road(9000))).toBe(1);
    expect(routedFactor(road(80_000))).toBe(ROUTED_FACTOR_MAX);
  });

  it('says nothing when measured within a kilometre of the place, or without a distance', () => {
    expect(routedFactor(road(900, 60, 41.005))).toBeNull();
    expect(routedFactor(road(0))).toBeNull();
  });

  it("gives the engine's speed only when it gave a duration", () => {
    expect(routedSpeed(road(14_456, 600))).toBeCloseTo(24.09, 2);
    expect(routedSpeed(road(14_456))).toBeNull();
    expect(routedSpeed(road(14_456, 0))).toBeNull();
  });
});

describe('the approach and the fixes that measure speed', () => {
  it('predicts the last 10 km of road at town speed, the rest at the moving speed', () => {
    // 50 km of road at 25 m/s (90 km/h): 40 km in 1,600 s, then 10 km at 12.5 m/s in 800 s.
    expect(predictedArrival(0, 50_000, 25, 1)).toBe(2400_000);
    // Slower than town speed already: the whole way at it.
    expect(predictedArrival(0, 5000, 10, 1)).toBe(500_000);
    expect(APPROACH_M).toBe(10_000);
  });

  it('does not take the jumps between uncertain fixes of a parked tracker for driving', () => {
    // 60 m apart in 30 s is 2 m/s, but two Wi-Fi fixes 40 m uncertain each say nothing.
    const a = { time: 0, lat: 41, lng: -87, accuracy: 40 };
    const b = { time: 30_000, lat: 41.00054, lng: -87, accuracy: 40 };
    expect(isMovingStep(a, b)).toBe(false);
    expect(isMovingStep({ ...a, accuracy: 5 }, { ...b, accuracy: 5 })).toBe(true);
    expect(isMovingStep({ ...a, accuracy: null }, { ...b, accuracy: undefined })).toBe(true);
  });
});
