import type { TrailColumns } from './types';

/** Trail points closer than this on screen (px) overlap: the circle is 4 px plus its 1 px edge. */
export const TRAIL_CELL_PX = 12;
/** From this zoom every trail point is drawn. */
export const TRAIL_FULL_ZOOM = 16;

const TILE_PX = 256;

/** Web Mercator x and y of a position, 0…1 across the world (MapLibre's projection). */
function mercator(lat: number, lng: number): [number, number] {
  const clamped = Math.max(-85.051129, Math.min(85.051129, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return [(lng + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

/**
 * The zoom from which each point of a trail is drawn. At every zoom below TRAIL_FULL_ZOOM the
 * screen is cut into squares of TRAIL_CELL_PX and each square that holds points shows one of
 * them, the slowest (the speed colour is what the point is for: where the tracker slowed or
 * stopped); from TRAIL_FULL_ZOOM every point shows. A week at 10 s is 60,000 points that at a
 * city's zoom draw as one blot, and drawing them all was most of the details page's time to
 * show a long range. The squares of a zoom are four of the next one's, so the points shown at a
 * zoom are shown at every zoom above it, and no square with a point is ever left empty.
 */
export function trailPointZooms(
  points: Pick<TrailColumns, 'lat' | 'lng' | 'speed'>,
  minZoom: number,
): Uint8Array {
  const count = points.lat.length;
  const zooms = new Uint8Array(count).fill(TRAIL_FULL_ZOOM);
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  for (let i = 0; i < count; i++) [xs[i], ys[i]] = mercator(points.lat[i]!, points.lng[i]!);
  const speedOf = (i: number) => points.speed[i] ?? Infinity;
  let shown = Array.from({ length: count }, (_, i) => i);
  for (let zoom = TRAIL_FULL_ZOOM - 1; zoom >= minZoom; zoom--) {
    const cells = (TILE_PX * 2 ** zoom) / TRAIL_CELL_PX;
    const slowest = new Map<number, number>();
    for (const i of shown) {
      const key = Math.floor(xs[i]! * cells) * cells + Math.floor(ys[i]! * cells);
      const held = slowest.get(key);
      if (held === undefined || speedOf(i) < speedOf(held)) slowest.set(key, i);
    }
    shown = [...slowest.values()];
    for (const i of shown) zooms[i] = zoom;
  }
  return zooms;
}
