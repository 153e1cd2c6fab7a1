import { describe, expect, it } from 'vitest';
import { detectStops, type TrackPoint } from './stops.rules';

const t0 = Date.parse('2026-11-01T08:00:00Z');
const at = (minutes: number, lat: number, lng: number): TrackPoint => ({
  lat,
  lng,
  time: new Date(t0 + minutes * 60_000),
});

describe('detectStops', () => {
  it('finds a stay of at least the minimum duration within the radius', () => {
    const points = [
      at(0, 41.0, -87.0),
      at(5, 41.05, -87.0), // driving
      at(10, 41.1, -87.0), // arrives
      at(20, 41.1002, -87.0001),
      at(40, 41.1001, -87.0),
      at(45, 41.2, -87.0), // leaves
      at(50, 41.3, -87.0),
    ];
    const stops = detectStops(points, { minDurationMs: 15 * 60_000, radiusMetres: 100 });
    expect(stops).toHaveLength(1);
    expect(stops[0]!.start_time.toISOString()).toBe('2026-11-01T08:10:00.000Z');
    expect(stops[0]!.end_time.toISOString()).toBe('2026-11-01T08:40:00.000Z');
    expect(stops[0]!.lat).toBeCloseTo(41.1001, 3);
    expect(stops[0]!.points).toBe(3);
    expect(stops[0]!.radius).toBe(0.1);
  });

  it('ignores short halts and keeps a stay that runs to the end', () => {
    const points = [at(0, 40, -90), at(2, 40.0001, -90), at(3, 40.1, -90), at(30, 40.1, -90)];
    const stops = detectStops(points, { minDurationMs: 10 * 60_000, radiusMetres: 50 });
    expect(stops.map((s) => s.start_time.toISOString())).toEqual(['2026-11-01T08:03:00.000Z']);
  });

  it('returns nothing for no points', () => {
    expect(detectStops([])).toEqual([]);
  });
});
