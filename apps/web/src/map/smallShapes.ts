/**
 * Areas too small to see at the current zoom (a 1.5 km depot is under a pixel at zoom 4) get a
 * marker at their centre instead, until they are this many pixels across.
 */
export const MIN_SHAPE_PX = 12;

/** MapLibre's world is 512 pixels wide at zoom 0. */
const WORLD_PX = 512;

/** Web Mercator y of a latitude, 0 at the top of the world and 1 at the bottom. */
function mercatorY(lat: number): number {
  const phi = (lat * Math.PI) / 180;
  return (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2;
}

function positionsOf(geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon): GeoJSON.Position[] {
  return geometry.type === 'Polygon' ? geometry.coordinates.flat() : geometry.coordinates.flat(2);
}

/**
 * The zoom from which a shape is at least `minPx` pixels across (its larger side on screen),
 * and the centre of its box. Below that zoom the shape is drawn as a marker.
 */
export function smallShapeMarker(
  geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon,
  minPx = MIN_SHAPE_PX,
): { centre: [number, number]; visibleFrom: number } | null {
  const positions = positionsOf(geometry);
  if (positions.length === 0) return null;
  const lngs = positions.map((p) => p[0]!);
  const lats = positions.map((p) => p[1]!);
  const west = Math.min(...lngs);
  const east = Math.max(...lngs);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const span = Math.max((east - west) / 360, mercatorY(south) - mercatorY(north));
  // A shape without extent never grows: a marker at every zoom (MapLibre stops at 24).
  const visibleFrom = span > 0 ? Math.log2(minPx / (span * WORLD_PX)) : 99;
  return { centre: [(west + east) / 2, (south + north) / 2], visibleFrom };
}
