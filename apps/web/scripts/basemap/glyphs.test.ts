// @vitest-environment node
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { BORDER, glyphSdf } from './glyph-sdf';
import { encodeRange, loadFont, rangeGlyphs } from './glyphs';

const fontDir = join(
  dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json')),
  'files',
);
const latin = () => loadFont([join(fontDir, 'noto-sans-latin-400-normal.woff')]);

/** The distance field's value at a bitmap pixel. */
const at = (glyph: ReturnType<typeof glyphSdf>, column: number, row: number) =>
  glyph.bitmap![row * (glyph.width + 2 * BORDER) + column]!;

describe('glyphSdf', () => {
  it('is 191 or more inside the outline and falls off outside it', () => {
    // A 10 x 10 px square standing on the baseline, 2 px right of the pen.
    const square = glyphSdf(
      [
        [
          [2, 0],
          [12, 0],
          [12, -10],
          [2, -10],
        ],
      ],
      20,
    );
    expect(square).toMatchObject({ width: 10, height: 10, left: 2, top: 10 - 20 });
    expect(square.bitmap).toHaveLength(16 * 16);
    expect(at(square, 8, 8)).toBe(255); // the middle, 5 px from every edge
    expect(at(square, BORDER, 8)).toBeGreaterThanOrEqual(191); // just inside the left edge
    expect(at(square, BORDER - 1, 8)).toBeLessThan(191); // just outside it
    expect(at(square, 0, 0)).toBeLessThan(at(square, BORDER - 1, 8)); // the corner, further out
  });

  it('gives blank glyphs (space) no bitmap', () => {
    expect(glyphSdf([], 20)).toEqual({ width: 0, height: 0, left: 0, top: 0, bitmap: null });
  });
});

interface ReadGlyph {
  id: number;
  bitmap?: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

/** Reads a range the way MapLibre's parseGlyphPbf does (fields it does not ask for are skipped). */
function readRange(bytes: Uint8Array) {
  const stacks: { name: string; range: string; glyphs: ReadGlyph[] }[] = [];
  new PbfReader(bytes).readFields((tag, _, pbf) => {
    if (tag !== 1) return;
    const stack = { name: '', range: '', glyphs: [] as ReadGlyph[] };
    pbf.readMessage((field, __, reader) => {
      if (field === 1) stack.name = reader.readString();
      else if (field === 2) stack.range = reader.readString();
      else if (field === 3) stack.glyphs.push(reader.readMessage(readGlyph, {} as ReadGlyph));
    }, null);
    stacks.push(stack);
  }, null);
  return stacks;
}

function readGlyph(tag: number, glyph: ReadGlyph, pbf: PbfReader) {
  if (tag === 1) glyph.id = pbf.readVarint();
  else if (tag === 2) glyph.bitmap = pbf.readBytes();
  else if (tag === 3) glyph.width = pbf.readVarint();
  else if (tag === 4) glyph.height = pbf.readVarint();
  else if (tag === 5) glyph.left = pbf.readSVarint();
  else if (tag === 6) glyph.top = pbf.readSVarint();
  else if (tag === 7) glyph.advance = pbf.readVarint();
}

describe('encodeRange', () => {
  it('writes the glyph servers’ message, which MapLibre reads', () => {
    const glyphs = rangeGlyphs(latin(), 0, new Set([0x20, 0x41]));
    const [stack, ...others] = readRange(encodeRange('NotoSans-Regular', 0, glyphs));
    expect(others).toEqual([]);
    expect(stack).toMatchObject({ name: 'NotoSans-Regular', range: '0-255' });
    const [space, a] = stack!.glyphs;
    // A space has an advance and nothing to draw.
    expect(space).toMatchObject({ id: 0x20, width: 0, height: 0 });
    expect(space!.bitmap).toBeUndefined();
    expect(space!.advance).toBeGreaterThan(4);
    // 'A' at 24 px: about 15 px wide and 17 px tall, its top 17 px over the baseline.
    expect(a).toMatchObject({ id: 0x41, width: 16, height: 18, left: 0, advance: 15 });
    expect(a!.bitmap).toHaveLength((16 + 2 * BORDER) * (18 + 2 * BORDER));
    expect(a!.top).toBe(18 - 26);
  });
});
