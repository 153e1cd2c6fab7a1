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
  points: readonly { lat: number; lng: number; speed: number | null }[],
  minZoom: number,
): Uint8Array {
  const zooms = new Uint8Array(points.length).fill(TRAIL_FULL_ZOOM);
  const xs = new Float64Array(points.length);
  const ys = new Float64Array(points.length);
  points.forEach((p, i) => ([xs[i], ys[i]] = mercator(p.lat, p.lng)));
  const speedOf = (i: number) => points[i]!.speed ?? Infinity;
  let shown = points.map((_, i) => i);
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
