import { describe, expect, it } from 'vitest';
import { accuracyCircles, circlePolygon } from './geometry';
import { geohash } from './geohash';

describe('geohash', () => {
  it('matches the published reference values', () => {
    // Reference: the geohash of 57.64911, 10.40744 is u4pruydqqvj (geohash.org example).
    expect(geohash(57.64911, 10.40744, 11)).toBe('u4pruydqqvj');
    expect(geohash(42.6, -5.6, 5)).toBe('ezs42');
  });

  it('gives nine characters by default', () => {
    expect(geohash(39.8, -98.5)).toHaveLength(9);
  });
});

describe('accuracyCircles', () => {
  const base = { lat: 40.7128, lng: -74.006 };

  it('keeps only cell and wifi fixes over 10 m', () => {
    const circles = accuracyCircles([
      { ...base, fix: 'gps', accuracy: 500 },
      { ...base, fix: 'ble', accuracy: 500 },
      { ...base, lat: 41, fix: 'cell', accuracy: 10 },
      { ...base, lat: 42, fix: 'cell', accuracy: null },
      { ...base, lat: 43, fix: 'wifi', accuracy: 11 },
    ]);
    expect(circles).toHaveLength(1);
    expect(circles[0]?.properties).toEqual({ fix: 'wifi', accuracy: 11 });
  });

  it('draws one circle per 9-character geohash', () => {
    const circles = accuracyCircles([
      { ...base, fix: 'cell', accuracy: 800 },
      // The same tower reported again by a parked tracker: the same ~5 m geohash cell.
      { ...base, fix: 'cell', accuracy: 900 },
      // About 1 km away: another cell.
      { lat: base.lat + 0.01, lng: base.lng, fix: 'cell', accuracy: 800 },
    ]);
    expect(circles).toHaveLength(2);
  });

  it('sizes the circle at accuracy / 1000 km', () => {
    const [circle] = accuracyCircles([{ ...base, fix: 'cell', accuracy: 1000 }]);
    const [lng, lat] = circle!.geometry.coordinates[0]![0]! as [number, number];
    // The first vertex is due north: 1 km is about 0.008993 degrees of latitude.
    expect(lat - base.lat).toBeCloseTo(0.008993, 5);
    expect(lng).toBeCloseTo(base.lng, 9);
  });
});

describe('circlePolygon', () => {
  it('closes the ring', () => {
    const ring = circlePolygon(0, 0, 0.1, 16).coordinates[0]!;
    expect(ring).toHaveLength(17);
    expect(ring[0]![0]).toBeCloseTo(ring[16]![0]!, 9);
    expect(ring[0]![1]).toBeCloseTo(ring[16]![1]!, 9);
  });
});
