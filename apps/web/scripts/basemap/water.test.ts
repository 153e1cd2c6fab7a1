// @vitest-environment node
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { pickObjects } from './water';

// Arc 0 is land only; arcs 1 and 2 make a lake (arc 2 used reversed); arc 3 is a river.
const world: Topology = {
  type: 'Topology',
  arcs: [
    [
      [0, 0],
      [9, 9],
    ],
    [
      [1, 1],
      [2, 1],
      [2, 2],
    ],
    [
      [1, 1],
      [1, 2],
      [2, 2],
    ],
    [
      [5, 5],
      [6, 7],
    ],
  ],
  objects: {
    land: { type: 'GeometryCollection', geometries: [{ type: 'LineString', arcs: [0] }] },
    lakes: { type: 'GeometryCollection', geometries: [{ type: 'Polygon', arcs: [[1, ~2]] }] },
    rivers: { type: 'GeometryCollection', geometries: [{ type: 'LineString', arcs: [3] }] },
  },
};

describe('pickObjects', () => {
  it('keeps the named objects and only their arcs, renumbered, with the same shapes', () => {
    const water = pickObjects(world, ['lakes', 'rivers']);
    expect(Object.keys(water.objects)).toEqual(['lakes', 'rivers']);
    expect(water.arcs).toEqual([world.arcs[1], world.arcs[2], world.arcs[3]]);
    for (const name of ['lakes', 'rivers']) {
      expect(feature(water, water.objects[name]!)).toEqual(feature(world, world.objects[name]!));
    }
  });

  it('says which objects there are when one is missing', () => {
    expect(() => pickObjects(world, ['oceans'])).toThrow(
      'The topology has no object oceans; it has land, lakes, rivers',
    );
  });
});
