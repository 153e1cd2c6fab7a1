/**
 * Signed distance fields of glyph outlines, the way MapLibre's glyph PBFs hold them (the
 * conventions of node-fontnik, which made the glyph servers' files): 24 px glyphs, a 3 px
 * border, distances up to 8 px, the edge at 0.75 of the range. Computed from the outline itself
 * (exact distances to its segments, inside by the non-zero winding rule), so no rasteriser or
 * native FreeType build is needed at build time.
 */

/** Glyph size in pixels: MapLibre scales text from 24 px glyphs. */
export const GLYPH_PX = 24;
/** Border around each bitmap; MapLibre's parser expects 3 (GLYPH_PBF_BORDER). */
export const BORDER = 3;
const RADIUS = 8;
const CUTOFF = 0.25;

/** Closed rings of [x, y] points in pixels, y down, the baseline at y = 0, the pen at x = 0. */
export type Rings = [number, number][][];

export interface SdfGlyph {
  /** Outline box without the border; 0 for blank glyphs (space), which carry no bitmap. */
  width: number;
  height: number;
  left: number;
  /** Top of the box above the baseline, less the font's ascender (fontnik's origin). */
  top: number;
  /** (width + 6) x (height + 6) bytes, row by row from the top. */
  bitmap: Uint8Array | null;
}

interface Segment {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

function segmentsOf(rings: Rings): Segment[] {
  const segments: Segment[] = [];
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const [ax, ay] = ring[i]!;
      const [bx, by] = ring[(i + 1) % ring.length]!;
      if (ax !== bx || ay !== by) segments.push({ ax, ay, bx, by });
    }
  }
  return segments;
}

function distanceSquared(px: number, py: number, s: Segment): number {
  const dx = s.bx - s.ax;
  const dy = s.by - s.ay;
  const t = Math.max(0, Math.min(1, ((px - s.ax) * dx + (py - s.ay) * dy) / (dx * dx + dy * dy)));
  const x = s.ax + t * dx - px;
  const y = s.ay + t * dy - py;
  return x * x + y * y;
}

/** Non-zero winding: TrueType outlines overlap (accents, composite glyphs). */
function inside(px: number, py: number, segments: Segment[]): boolean {
  let winding = 0;
  for (const s of segments) {
    if (s.ay <= py) {
      if (s.by > py && cross(s, px, py) > 0) winding++;
    } else if (s.by <= py && cross(s, px, py) < 0) winding--;
  }
  return winding !== 0;
}

const cross = (s: Segment, px: number, py: number) =>
  (s.bx - s.ax) * (py - s.ay) - (px - s.ax) * (s.by - s.ay);

/** The distance field of one glyph; `ascender` in pixels sets the origin of `top`. */
export function glyphSdf(rings: Rings, ascender: number): SdfGlyph {
  const segments = segmentsOf(rings);
  if (segments.length === 0) return { width: 0, height: 0, left: 0, top: 0, bitmap: null };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const s of segments) {
    minX = Math.min(minX, s.ax);
    maxX = Math.max(maxX, s.ax);
    minY = Math.min(minY, s.ay);
    maxY = Math.max(maxY, s.ay);
  }
  const left = Math.floor(minX);
  const yTop = Math.floor(minY);
  const width = Math.ceil(maxX) - left;
  const height = Math.ceil(maxY) - yTop;
  const columns = width + 2 * BORDER;
  const rows = height + 2 * BORDER;
  const bitmap = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    const py = yTop - BORDER + row + 0.5;
    for (let column = 0; column < columns; column++) {
      const px = left - BORDER + column + 0.5;
      let nearest = Infinity;
      for (const s of segments) nearest = Math.min(nearest, distanceSquared(px, py, s));
      const signed = inside(px, py, segments) ? -Math.sqrt(nearest) : Math.sqrt(nearest);
      const value = Math.round(255 - 255 * (signed / RADIUS + CUTOFF));
      bitmap[row * columns + column] = Math.max(0, Math.min(255, value));
    }
  }
  return { width, height, left, top: -yTop - Math.round(ascender), bitmap };
}
