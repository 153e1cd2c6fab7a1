import { describe, expect, it } from 'vitest';
import { shapeOfFeature } from './drawnShape';
import { circlePolygon } from './geometry';

describe('shapeOfFeature', () => {
  it('reads a polygon as it was drawn', () => {
    const polygon: GeoJSON.Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    expect(shapeOfFeature({ geometry: polygon, properties: { mode: 'polygon' } })).toEqual({
      kind: 'polygon',
      polygon,
    });
  });

  it('finds the centre and radius of a drawn circle', () => {
    const shape = shapeOfFeature({
      geometry: circlePolygon(-87.63, 41.88, 0.5),
      properties: { mode: 'circle' },
    });
    expect(shape?.kind).toBe('circle');
    if (shape?.kind !== 'circle') return;
    expect(shape.lat).toBeCloseTo(41.88, 4);
    expect(shape.lng).toBeCloseTo(-87.63, 4);
    expect(shape.radiusKm).toBeCloseTo(0.5, 2);
  });

  it("prefers terra-draw's radius and ignores other geometries", () => {
    const geometry = circlePolygon(10, 10, 2);
    expect(
      shapeOfFeature({ geometry, properties: { mode: 'circle', radiusKilometers: 2.5 } }),
    ).toMatchObject({ radiusKm: 2.5 });
    expect(shapeOfFeature({ geometry: { type: 'Point', coordinates: [0, 0] } })).toBeNull();
  });
});
