import { describe, expect, it } from 'vitest';
import { MarkerIndex, viewPicture } from './markerIndex';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];
const palette = ['#1c7ed6', '#fa5252'];

function arrays(markers: [id: number, lng: number, lat: number, colour: number][]) {
  return {
    ids: Int32Array.from(markers.map((m) => m[0])),
    lng: Float64Array.from(markers.map((m) => m[1])),
    lat: Float64Array.from(markers.map((m) => m[2])),
    colour: Uint8Array.from(markers.map((m) => m[3])),
  };
}

const summary = (features: GeoJSON.Feature[]) =>
  features
    .map((f) =>
      f.properties!.cluster
        ? `cluster of ${f.properties!.point_count}`
        : `#${f.properties!.id} ${f.properties!.colour}`,
    )
    .sort();

describe('MarkerIndex', () => {
  const chicago = arrays([
    [1, -87.63, 41.88, 0],
    [2, -87.64, 41.89, 0],
    [3, -87.62, 41.87, 1],
    [4, -118.24, 34.05, 1],
  ]);

  it('clusters nearby markers at low zoom and shows each one close up', () => {
    const index = new MarkerIndex();
    index.load(chicago, palette);
    expect(index.size).toBe(4);
    expect(summary(index.view(WORLD, 5))).toEqual(['#4 #fa5252', 'cluster of 3']);
    expect(summary(index.view([-88, 41, -87, 42], 17))).toEqual([
      '#1 #1c7ed6',
      '#2 #1c7ed6',
      '#3 #fa5252',
    ]);
  });

  it('follows moved markers, and a cluster splits at its expansion zoom', () => {
    const index = new MarkerIndex();
    index.load(chicago, palette);
    const [cluster] = index.view(WORLD, 5).filter((f) => f.properties!.cluster);
    index.markShown();
    const splitAt = index.expansionZoom(cluster!.properties!.cluster_id as number)!;
    expect(splitAt).toBeGreaterThan(5);
    expect(index.view(WORLD, splitAt).length).toBeGreaterThan(2);

    // Tracker 3 drives to Los Angeles and turns blue: shown once clustered again.
    index.move(arrays([[3, -118.25, 34.06, 0]]), palette);
    expect(index.stale).toBe(true);
    expect(summary(index.view(WORLD, 5))).toEqual(['#4 #fa5252', 'cluster of 3']);
    index.recluster();
    expect(index.stale).toBe(false);
    expect(summary(index.view(WORLD, 5))).toEqual(['cluster of 2', 'cluster of 2']);
    expect(summary(index.view([-119, 33, -118, 35], 17))).toEqual(['#3 #1c7ed6', '#4 #fa5252']);
  });

  it('replaces every marker on a new load', () => {
    const index = new MarkerIndex();
    index.load(chicago, palette);
    index.load(arrays([[9, 2.35, 48.85, 1]]), palette);
    expect(summary(index.view(WORLD, 3))).toEqual(['#9 #fa5252']);
  });
});

describe('viewPicture', () => {
  it('is the same for moves under a pixel, and changes when a marker moves further', () => {
    const index = new MarkerIndex();
    const fleet = arrays([
      [1, -87.63, 41.88, 0],
      [2, -87.64, 41.89, 0],
      [3, -118.24, 34.05, 1],
    ]);
    index.load(fleet, palette);
    const before = viewPicture(index.view(WORLD, 5), 5);
    // 0.001° is about a twentieth of a pixel at zoom 5.
    index.move(arrays([[3, -118.239, 34.051, 1]]), palette);
    index.recluster();
    expect(viewPicture(index.view(WORLD, 5), 5)).toBe(before);
    // Close up the same move is several pixels.
    expect(viewPicture(index.view(WORLD, 16), 16)).not.toBe(
      viewPicture(reloaded(fleet).view(WORLD, 16), 16),
    );
    index.move(arrays([[3, -110, 40, 1]]), palette);
    index.recluster();
    expect(viewPicture(index.view(WORLD, 5), 5)).not.toBe(before);
  });
});

function reloaded(markers: ReturnType<typeof arrays>) {
  const index = new MarkerIndex();
  index.load(markers, palette);
  return index;
}
