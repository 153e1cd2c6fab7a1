import { describe, expect, it } from 'vitest';
import { circlePolygon } from './geometry';
import { MIN_SHAPE_PX, smallShapeMarker } from './smallShapes';

describe('smallShapeMarker', () => {
  it('marks a depot until it is MIN_SHAPE_PX across', () => {
    // Chicago Depot: 1.5 km radius, 3 km across; at 41.9° N a pixel at zoom z is
    // 78271.5 m * cos(41.9°) / 2^z (512 px tiles), so 12 px reach 3 km near zoom 7.6.
    const marker = smallShapeMarker(circlePolygon(-87.6298, 41.8781, 1.5))!;
    expect(marker.centre[0]).toBeCloseTo(-87.6298, 4);
    expect(marker.centre[1]).toBeCloseTo(41.8781, 2);
    const metresPerPixel =
      (78271.5 * Math.cos((41.8781 * Math.PI) / 180)) / 2 ** marker.visibleFrom;
    expect(3000 / metresPerPixel).toBeCloseTo(MIN_SHAPE_PX, 0);
    expect(marker.visibleFrom).toBeGreaterThan(7);
    expect(marker.visibleFrom).toBeLessThan(8);
  });

  it('needs a closer zoom for a smaller shape, by one level per halving', () => {
    const big = smallShapeMarker(circlePolygon(-98, 39, 2))!;
    const small = smallShapeMarker(circlePolygon(-98, 39, 1))!;
    expect(small.visibleFrom - big.visibleFrom).toBeCloseTo(1, 2);
  });

  it('reads polygons and multipolygons, and marks a shape without extent at every zoom', () => {
    const ring = [
      [-90, 35],
      [-89.99, 35],
      [-89.99, 35.01],
      [-90, 35],
    ];
    const polygon = smallShapeMarker({ type: 'Polygon', coordinates: [ring] })!;
    const multi = smallShapeMarker({ type: 'MultiPolygon', coordinates: [[ring]] })!;
    expect(multi).toEqual(polygon);
    const flat = [
      [-90, 35],
      [-90, 35],
      [-90, 35],
      [-90, 35],
    ];
    expect(smallShapeMarker({ type: 'Polygon', coordinates: [flat] })!.visibleFrom).toBe(99);
    expect(smallShapeMarker({ type: 'Polygon', coordinates: [] })).toBeNull();
  });
});
