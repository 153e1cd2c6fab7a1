// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PLACE_TIERS } from '../../src/map/basemapPlaces';
import { buildPlaceTiers, glyphRangesOf, type City } from './places';

const city = (name: string, population: number, lng = 10.123456, lat = 50.987654): City => ({
  name,
  population,
  loc: { coordinates: [lng, lat] },
});
/** A font with Latin letters only (no combining marks, no Arabic). */
const latinOnly = (char: string) => char.codePointAt(0)! < 0x250;

describe('buildPlaceTiers', () => {
  it('splits the places by the zoom their names show from, biggest first in each tier', () => {
    const { tiers } = buildPlaceTiers(
      [
        city('Town', 6_000),
        city('Metropolis', 2_500_000),
        city('City', 150_000),
        city('Big Town', 30_000),
        city('Village', 4_999),
        city('Capital', 900_000),
        city('Small City', 60_000),
        city('Market Town', 12_000),
      ],
      latinOnly,
    );
    expect(Object.keys(tiers)).toEqual(PLACE_TIERS.map((tier) => tier.id));
    expect(tiers['places-0']).toEqual([
      ['Metropolis', 10.123, 50.988, 3],
      ['Capital', 10.123, 50.988, 4],
      ['City', 10.123, 50.988, 5],
    ]);
    expect(tiers['places-1']!.map(([name, , , zoom]) => [name, zoom])).toEqual([
      ['Small City', 6],
      ['Big Town', 7],
    ]);
    expect(tiers['places-2']!.map(([name, , , zoom]) => [name, zoom])).toEqual([
      ['Market Town', 8],
      ['Town', 9],
    ]);
  });

  it('leaves out places under 5,000 people, without a name or with letters the font lacks', () => {
    const { tiers, undrawable } = buildPlaceTiers(
      [city('Hamlet', 4_999), city('  ', 80_000), city('مدينة', 200_000), city(' Łódź ', 670_000)],
      latinOnly,
    );
    expect(Object.values(tiers).flat()).toEqual([['Łódź', 10.123, 50.988, 4]]);
    expect(undrawable).toEqual(['مدينة']);
  });

  it('drops accents the font has no glyph for, and keeps the place', () => {
    const { tiers } = buildPlaceTiers([city('Naz\u0327ara\u0304ba\u0304d', 120_000)], latinOnly);
    expect(tiers['places-0']!.map(([name]) => name)).toEqual(['Nazarabad']);
  });
});

describe('glyphRangesOf', () => {
  it('builds Latin-1 and Latin Extended whole, and of other ranges only the letters used', () => {
    const ranges = glyphRangesOf(['Paris', 'Łódź', 'Đà Nẵng', 'Sankt-Peterburg', 'Москва']);
    expect([...ranges.keys()]).toEqual([0, 256, 1024, 7680]);
    expect(ranges.get(0)).toBe('all');
    expect(ranges.get(256)).toBe('all');
    expect(ranges.get(1024)).toEqual(new Set([...'Москва'].map((c) => c.codePointAt(0))));
    expect(ranges.get(7680)).toEqual(new Set([0x1eb5]));
  });
});
