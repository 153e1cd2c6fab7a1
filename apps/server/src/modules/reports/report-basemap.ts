import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The web map's offline basemap, for the PDF: Natural Earth 1:50m land and country borders
 * (world-atlas) and US state lines (us-atlas), the same packages the web app bundles (see
 * apps/web/src/map/basemap.ts). Read once per process, projected to Web Mercator once, and cut
 * to the few shapes a report's map shows; no tile server is involved.
 */

/** Web Mercator in unit coordinates: x and y in [0, 1], y growing southward. */
export function mercator(lng: number, lat: number): [number, number] {
  const phi = (Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180;
  return [(lng + 180) / 360, (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2];
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Points as x0, y0, x1, y1, ... in mercator units, with their box for culling. */
interface Shape {
  points: Float64Array;
  box: Box;
}

export interface Basemap {
  /** Each land polygon as its rings (outer first, then holes). */
  land: { rings: Shape[]; box: Box }[];
  /** Country borders and US state lines, in pieces of at most LINE_PIECE points. */
  lines: Shape[];
}

const LINE_PIECE = 256;

function shape(coordinates: readonly number[][]): Shape {
  const points = new Float64Array(coordinates.length * 2);
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  coordinates.forEach(([lng, lat], i) => {
    const [x, y] = mercator(lng!, lat!);
    points[i * 2] = x;
    points[i * 2 + 1] = y;
    box.minX = Math.min(box.minX, x);
    box.maxX = Math.max(box.maxX, x);
    box.minY = Math.min(box.minY, y);
    box.maxY = Math.max(box.maxY, y);
  });
  return { points, box };
}

function pieces(line: readonly number[][]): Shape[] {
  const out: Shape[] = [];
  // Pieces share their end point, so the drawn line has no gaps.
  for (let i = 0; i < line.length - 1; i += LINE_PIECE - 1) {
    out.push(shape(line.slice(i, i + LINE_PIECE)));
  }
  return out;
}

function readTopology(path: string): Topology {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve(path), 'utf8')) as Topology;
}

let cached: Basemap | undefined;

/** The basemap's shapes, built on first use (about 100,000 points, a few MB). */
export function basemap(): Basemap {
  if (cached) return cached;
  const world = readTopology('world-atlas/countries-50m.json');
  const us = readTopology('us-atlas/states-10m.json');
  const land = feature(world, world.objects.land as GeometryCollection);
  const polygons = land.features.flatMap((f) =>
    f.geometry.type === 'MultiPolygon'
      ? f.geometry.coordinates
      : f.geometry.type === 'Polygon'
        ? [f.geometry.coordinates]
        : [],
  );
  const borders = mesh(world, world.objects.countries as GeometryCollection, (a, b) => a !== b);
  const states = mesh(us, us.objects.states as GeometryCollection, (a, b) => a !== b);
  cached = {
    land: polygons.map((polygon) => {
      const rings = polygon.map(shape);
      return { rings, box: rings[0]!.box };
    }),
    lines: [...borders.coordinates, ...states.coordinates].flatMap(pieces),
  };
  return cached;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/**
 * A ring cut to the box (Sutherland–Hodgman): what lies outside folds onto the box's edges,
 * so filling the result fills exactly the ring's part inside the box. Answers x, y pairs.
 */
export function clipRing(points: Float64Array, box: Box): number[] {
  let ring: number[] = Array.from(points);
  const edges: [
    (x: number, y: number) => boolean,
    (ax: number, ay: number, bx: number, by: number) => [number, number],
  ][] = [
    [
      (x) => x >= box.minX,
      (ax, ay, bx, by) => [box.minX, ay + ((by - ay) * (box.minX - ax)) / (bx - ax)],
    ],
    [
      (x) => x <= box.maxX,
      (ax, ay, bx, by) => [box.maxX, ay + ((by - ay) * (box.maxX - ax)) / (bx - ax)],
    ],
    [
      (_, y) => y >= box.minY,
      (ax, ay, bx, by) => [ax + ((bx - ax) * (box.minY - ay)) / (by - ay), box.minY],
    ],
    [
      (_, y) => y <= box.maxY,
      (ax, ay, bx, by) => [ax + ((bx - ax) * (box.maxY - ay)) / (by - ay), box.maxY],
    ],
  ];
  for (const [inside, cross] of edges) {
    const out: number[] = [];
    const n = ring.length / 2;
    for (let i = 0; i < n; i++) {
      const ax = ring[((i + n - 1) % n) * 2]!;
      const ay = ring[((i + n - 1) % n) * 2 + 1]!;
      const bx = ring[i * 2]!;
      const by = ring[i * 2 + 1]!;
      const aIn = inside(ax, ay);
      const bIn = inside(bx, by);
      if (bIn) {
        if (!aIn) out.push(...cross(ax, ay, bx, by));
        out.push(bx, by);
      } else if (aIn) {
        out.push(...cross(ax, ay, bx, by));
      }
    }
    ring = out;
    if (ring.length === 0) break;
  }
  return ring;
}
