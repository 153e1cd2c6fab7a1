import { expect, it } from 'vitest';
import { basemap, clipRing, mercator, overlaps, type Box } from './report-basemap';

const area = (xy: readonly number[]) => {
  let twice = 0;
  for (let i = 0; i < xy.length; i += 2) {
    const j = (i + 2) % xy.length;
    twice += xy[i]! * xy[j + 1]! - xy[j]! * xy[i + 1]!;
  }
  return Math.abs(twice) / 2;
};

/** A box around a place, `km` wide, in mercator units. */
function around(lng: number, lat: number, km: number): Box {
  const [x, y] = mercator(lng, lat);
  const half = km / 2 / (40_075 * Math.cos((lat * Math.PI) / 180));
  return { minX: x - half, maxX: x + half, minY: y - half, maxY: y + half };
}

/** How much of the box the basemap's land covers, 0 to 1. */
function landShare(box: Box) {
  let land = 0;
  for (const polygon of basemap().land) {
    if (!overlaps(polygon.box, box)) continue;
    polygon.rings.forEach((ring, i) => {
      const clipped = area(clipRing(ring.points, box));
      land += i === 0 ? clipped : -clipped;
    });
  }
  return land / ((box.maxX - box.minX) * (box.maxY - box.minY));
}

it('projects to Web Mercator in unit coordinates, north up', () => {
  expect(mercator(0, 0)).toEqual([0.5, 0.5]);
  expect(mercator(180, 0)[0]).toBe(1);
  expect(mercator(0, 45)[1]).toBeLessThan(0.5);
});

it('cuts a ring to the box, folding what lies outside onto its edges', () => {
  const box = { minX: 0, minY: 0, maxX: 1, maxY: 1 };
  const square = new Float64Array([-1, -1, 2, -1, 2, 2, -1, 2]);
  expect(area(clipRing(square, box))).toBe(1);
  const corner = new Float64Array([0.5, 0.5, 3, 0.5, 3, 3, 0.5, 3]);
  expect(area(clipRing(corner, box))).toBe(0.25);
  expect(clipRing(new Float64Array([5, 5, 6, 5, 6, 6]), box)).toEqual([]);
});

it('holds the bundled land: all of Kansas, none of the mid-Atlantic, part of the Gulf coast', () => {
  expect(landShare(around(-98.5, 38.5, 50))).toBeCloseTo(1, 2);
  expect(landShare(around(-40, 30, 200))).toBe(0);
  const galveston = landShare(around(-94.9, 29.3, 100));
  expect(galveston).toBeGreaterThan(0.2);
  expect(galveston).toBeLessThan(0.8);
});

it('holds the state lines and borders as short pieces', () => {
  const redRiver = around(-97.1, 33.85, 40);
  expect(basemap().lines.some((line) => overlaps(line.box, redRiver))).toBe(true);
  expect(Math.max(...basemap().lines.map((l) => l.points.length / 2))).toBeLessThanOrEqual(256);
});
