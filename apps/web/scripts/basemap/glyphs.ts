import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font, parse as ParseFont, PathCommand } from 'opentype.js';
import { PbfWriter } from 'pbf';
import { glyphSdf, GLYPH_PX, type Rings, type SdfGlyph } from './glyph-sdf';

// Through require: opentype.js is a UMD file for Node (no named ESM exports) and an ES module
// for bundlers, and the import has to work under both tsx and Vitest.
const { parse } = createRequire(import.meta.url)('opentype.js') as { parse: typeof ParseFont };

/** One font, possibly shipped as several subset files (Latin, Cyrillic, ...). */
export interface FontFaces {
  faces: Font[];
}

export function loadFont(files: string[]): FontFaces {
  return {
    faces: files.map((file) => {
      const bytes = readFileSync(file);
      return parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    }),
  };
}

/** The subset file that has a glyph for `codePoint`, and the glyph's index in it. */
function faceOf(font: FontFaces, codePoint: number): { face: Font; index: number } | null {
  for (const face of font.faces) {
    const index = face.tables.cmap.glyphIndexMap[codePoint];
    if (index !== undefined) return { face, index };
  }
  return null;
}

export function hasGlyph(font: FontFaces, codePoint: number): boolean {
  return faceOf(font, codePoint) !== null;
}

/** Curves flattened into short straight segments: a 24 px glyph needs no more than 8 each. */
const CURVE_STEPS = 8;

function ringsOf(commands: PathCommand[]): Rings {
  const rings: Rings = [];
  let ring: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (const c of commands) {
    if (c.type === 'M') {
      if (ring.length > 1) rings.push(ring);
      ring = [[c.x, c.y]];
    } else if (c.type === 'L') {
      ring.push([c.x, c.y]);
    } else if (c.type === 'Q') {
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        ring.push([
          u * u * x + 2 * u * t * c.x1 + t * t * c.x,
          u * u * y + 2 * u * t * c.y1 + t * t * c.y,
        ]);
      }
    } else if (c.type === 'C') {
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        ring.push([
          u * u * u * x + 3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t * t * t * c.x,
          u * u * u * y + 3 * u * u * t * c.y1 + 3 * u * t * t * c.y2 + t * t * t * c.y,
        ]);
      }
    }
    if (c.type !== 'Z') {
      x = c.x;
      y = c.y;
    }
  }
  if (ring.length > 1) rings.push(ring);
  return rings;
}

export interface RangeGlyph extends SdfGlyph {
  id: number;
  advance: number;
}

/** The glyphs the font has in the 256 code points from `start` (only `wanted` ones if given). */
export function rangeGlyphs(font: FontFaces, start: number, wanted?: Set<number>): RangeGlyph[] {
  const glyphs: RangeGlyph[] = [];
  for (let codePoint = start; codePoint < start + 256; codePoint++) {
    if (wanted && !wanted.has(codePoint)) continue;
    const found = faceOf(font, codePoint);
    if (!found) continue;
    const { face, index } = found;
    const glyph = face.glyphs.get(index);
    const scale = GLYPH_PX / face.unitsPerEm;
    const sdf = glyphSdf(ringsOf(glyph.getPath(0, 0, GLYPH_PX).commands), face.ascender * scale);
    glyphs.push({ id: codePoint, advance: Math.round((glyph.advanceWidth ?? 0) * scale), ...sdf });
  }
  return glyphs;
}

/**
 * One glyph range as MapLibre fetches it (`{fontstack}/{start}-{end}.pbf`): the `glyphs`
 * message of the glyph servers, one fontstack holding the range's glyphs.
 */
export function encodeRange(fontstack: string, start: number, glyphs: RangeGlyph[]): Uint8Array {
  const pbf = new PbfWriter();
  pbf.writeMessage(
    1,
    (_: null, stack: PbfWriter) => {
      stack.writeStringField(1, fontstack);
      stack.writeStringField(2, `${start}-${start + 255}`);
      for (const glyph of glyphs) stack.writeMessage(3, writeGlyph, glyph);
    },
    null,
  );
  return pbf.finish();
}

function writeGlyph(glyph: RangeGlyph, pbf: PbfWriter) {
  pbf.writeVarintField(1, glyph.id);
  if (glyph.bitmap) pbf.writeBytesField(2, glyph.bitmap);
  pbf.writeVarintField(3, glyph.width);
  pbf.writeVarintField(4, glyph.height);
  pbf.writeSVarintField(5, glyph.left);
  pbf.writeSVarintField(6, glyph.top);
  pbf.writeVarintField(7, glyph.advance);
}
