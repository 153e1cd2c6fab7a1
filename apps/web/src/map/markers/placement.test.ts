import { describe, expect, it } from 'vitest';
import {
  clusterRadius,
  fromClusterFeature,
  hitMarker,
  placeMarkers,
  type CanvasMarker,
  type Viewport,
} from './placement';

// A flat projection: one degree is ten pixels, (0, 0) at the top left.
const view = (worldWidth = 0): Viewport => ({
  width: 400,
  height: 300,
  worldWidth,
  project: (lng, lat) => ({ x: lng * 10, y: lat * 10 }),
});
const marker = (id: number, lng: number, lat: number): CanvasMarker => ({
  kind: 'marker',
  id,
  lng,
  lat,
  colour: '#1c7ed6',
});
const cluster = (clusterId: number, count: number, lng: number, lat: number): CanvasMarker => ({
  kind: 'cluster',
  clusterId,
  count,
  abbreviated: count,
  lng,
  lat,
});

describe('placeMarkers', () => {
  it('places clusters first and markers over them, leaving out what is off screen', () => {
    const placed = placeMarkers(
      [marker(1, 10, 10), cluster(7, 12, 20, 20), marker(2, 100, 10), marker(3, 10, -5)],
      view(),
    );
    expect(placed.map((p) => [p.x, p.y])).toEqual([
      [200, 200],
      [100, 100],
    ]);
    expect(placed[0]!.marker).toMatchObject({ kind: 'cluster', clusterId: 7 });
    expect(placed[0]!.radius).toBe(17 + 1.5);
    expect(placed[1]!.radius).toBe(7 + 1);
  });

  it('keeps a marker whose circle still reaches into the view', () => {
    expect(placeMarkers([marker(1, -0.5, 10)], view())).toHaveLength(1);
    expect(placeMarkers([marker(1, -1, 10)], view())).toHaveLength(0);
  });

  it('repeats markers on each world copy in view', () => {
    const placed = placeMarkers([marker(1, 5, 10)], view(150));
    expect(placed.map((p) => p.x)).toEqual([50, 200, 350]);
  });
});

describe('hitMarker', () => {
  const placed = placeMarkers([cluster(7, 1500, 10, 10), marker(1, 11, 10)], view());

  it('finds the topmost circle under the point: the marker over the cluster', () => {
    expect(hitMarker(placed, 110, 100)).toMatchObject({ kind: 'marker', id: 1 });
    expect(hitMarker(placed, 80, 100)).toMatchObject({ kind: 'cluster', clusterId: 7 });
  });

  it('misses outside every circle, with at least 12 px of reach for fingers', () => {
    expect(hitMarker(placed, 100, 140)).toBeNull();
    expect(hitMarker([placed[1]!], 110, 111)).toMatchObject({ id: 1 });
    expect(hitMarker([placed[1]!], 110, 113)).toBeNull();
  });
});

describe('clusterRadius', () => {
  it('steps at 10, 100 and 1,000 members', () => {
    expect([2, 9, 10, 99, 100, 999, 1000, 50_000].map(clusterRadius)).toEqual([
      14, 14, 17, 17, 21, 21, 26, 26,
    ]);
  });
});

describe('fromClusterFeature', () => {
  it('reads MapLibre cluster properties and plain markers', () => {
    const point = (properties: Record<string, unknown>): GeoJSON.Feature<GeoJSON.Point> => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-87.6, 41.9] },
      properties,
    });
    expect(
      fromClusterFeature(
        point({
          cluster: true,
          cluster_id: 33,
          point_count: 1234,
          point_count_abbreviated: '1.2k',
        }),
      ),
    ).toEqual({
      kind: 'cluster',
      clusterId: 33,
      count: 1234,
      abbreviated: '1.2k',
      lng: -87.6,
      lat: 41.9,
    });
    expect(fromClusterFeature(point({ id: 5, colour: '#e03131' }))).toEqual({
      kind: 'marker',
      id: 5,
      lng: -87.6,
      lat: 41.9,
      colour: '#e03131',
    });
  });
});
