import { describe, expect, it } from 'vitest';
import { labelZoom, PLACE_TIERS, placeFeatures, tierLoadZoom, tierOfZoom } from './basemapPlaces';

describe('labelZoom', () => {
  it('names bigger places from lower zooms and leaves out places under 5,000', () => {
    expect(labelZoom(8_000_000)).toBe(3);
    expect(labelZoom(100_000)).toBe(5);
    expect(labelZoom(99_999)).toBe(6);
    expect(labelZoom(10_000)).toBe(8);
    expect(labelZoom(5_000)).toBe(9);
    expect(labelZoom(4_999)).toBeNull();
  });
});

describe('PLACE_TIERS', () => {
  it('has a tier for every label zoom, loaded half a level before its first labels', () => {
    for (let zoom = 3; zoom <= 9; zoom++) expect(tierOfZoom(zoom)).toBeDefined();
    expect(PLACE_TIERS.map(tierLoadZoom)).toEqual([2.5, 5.5, 7.5]);
  });
});

describe('placeFeatures', () => {
  it('makes points whose rank is their place in the file, biggest first', () => {
    const places = placeFeatures([
      ['Chicago', -87.65, 41.85, 3],
      ['Joliet', -88.081, 41.525, 5],
    ]);
    expect(places.features.map((f) => [f.geometry.coordinates, f.properties])).toEqual([
      [[-87.65, 41.85], { name: 'Chicago', zoom: 3, rank: 0 }],
      [[-88.081, 41.525], { name: 'Joliet', zoom: 5, rank: 1 }],
    ]);
  });
});
