import type { PaddingOptions } from 'maplibre-gl';

/**
 * The one rule for "frame this data" (tracker ranges, groups, geofences, and later shipments
 * and reports): the data sits in the middle of the view with a margin of a fifth of the view
 * on every side, so it takes at most 60% of each side and the map shows where it is.
 */
export const FRAME_MARGIN_SHARE = 0.2;
/** On a small map a fifth is too little room for the zoom buttons and the legend. */
export const FRAME_MIN_MARGIN_PX = 40;

/** [[west, south], [east, north]] */
export type LngLatBox = [[number, number], [number, number]];

/** The margins that frame data in a view of this size (never more than a third of a side). */
export function framePadding(width: number, height: number): Required<PaddingOptions> {
  const margin = (side: number) =>
    Math.min(Math.max(FRAME_MIN_MARGIN_PX, Math.round(side * FRAME_MARGIN_SHARE)), side / 3);
  const x = margin(width);
  const y = margin(height);
  return { top: y, bottom: y, left: x, right: x };
}

/** The box around [lng, lat] points, or null when there are none. */
export function boxOf(points: readonly (readonly [number, number])[]): LngLatBox | null {
  if (points.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lng, lat] of points) {
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** True when a box has no extent: one point, or the same point several times. */
export function isPointBox([[west, south], [east, north]]: LngLatBox): boolean {
  return west === east && south === north;
}

/**
 * How a box of data sits in a view, from its projected corners (screen pixels): `share` is the
 * larger of the fractions of the view's width and height it spans, `inside` whether all of it
 * is on screen. The map publishes both for browser tests (data-frame-share, data-frame-inside).
 */
export function frameFit(
  corners: readonly { x: number; y: number }[],
  width: number,
  height: number,
): { share: number; inside: boolean } {
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const left = Math.min(...xs);
  const right = Math.max(...xs);
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  const share = Math.max((right - left) / width, (bottom - top) / height);
  const inside = left >= 0 && top >= 0 && right <= width && bottom <= height;
  return { share, inside };
}
