// The part of opentype.js (which ships no types) that the glyph builder uses.
declare module 'opentype.js' {
  export type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };

  export interface Glyph {
    advanceWidth?: number;
    getPath(x: number, y: number, fontSize: number): { commands: PathCommand[] };
  }

  export interface Font {
    unitsPerEm: number;
    ascender: number;
    tables: { cmap: { glyphIndexMap: Record<string, number> } };
    glyphs: { get(index: number): Glyph };
  }

  export function parse(buffer: ArrayBuffer): Font;
}
