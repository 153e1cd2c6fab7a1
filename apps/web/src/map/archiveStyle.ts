import { addProtocol, type LayerSpecification, type StyleSpecification } from 'maplibre-gl';
import { layers, namedFlavor } from '@protomaps/basemaps';
import { Protocol } from 'pmtiles';
import { PLACES_FONT } from './basemapPlaces';
import { BASEMAP_TOP } from './basemapStyle';

/**
 * The street map of a local PMTiles archive (MAP_PMTILES). The browser reads the archive by
 * range requests through the `pmtiles` protocol, so the server stays a plain file server (any
 * cache or CDN in front of it works, and it decodes nothing); the layers are Protomaps' own
 * style for its basemap schema, which is what a planet build cut with `pmtiles extract` holds.
 */

const ARCHIVE_SOURCE = 'protomaps';

let registered = false;

/** MapLibre reads `pmtiles://<url>` sources through the pmtiles reader (once per page). */
function registerArchiveProtocol() {
  if (registered) return;
  registered = true;
  addProtocol('pmtiles', new Protocol().tile);
}

/**
 * Icons come from Protomaps' sprite sheet, which is online only: the layers that need one
 * (one-way arrows, road shields, points of interest) are left out, the town dots dropped.
 */
const NEEDS_SPRITE = new Set(['roads_oneway', 'roads_shields', 'pois']);

/** Protomaps' layers, drawn with the bundled label font (the one whose glyphs we build). */
function archiveLayers(source: string): LayerSpecification[] {
  return (layers(source, namedFlavor('light'), { lang: 'en' }) as LayerSpecification[])
    .filter((layer) => !NEEDS_SPRITE.has(layer.id))
    .map((layer) => {
      if (layer.type !== 'symbol') return layer;
      const { 'icon-image': _icon, ...layout } = layer.layout ?? {};
      return { ...layer, layout: { ...layout, 'text-font': [PLACES_FONT] } };
    });
}

/** The archive style's name layers (places, roads, water): what `data-places` reads there. */
export const ARCHIVE_LABEL_LAYERS = archiveLayers(ARCHIVE_SOURCE)
  .filter((layer) => layer.type === 'symbol')
  .map((layer) => layer.id);

/** The style of the archive at `archiveUrl` (absolute), its labels from `assetsUrl`'s glyphs. */
export function archiveStyle(archiveUrl: string, assetsUrl: string): StyleSpecification {
  registerArchiveProtocol();
  return {
    version: 8,
    glyphs: `${assetsUrl}/glyphs/{fontstack}/{range}.pbf`,
    sources: {
      [ARCHIVE_SOURCE]: {
        type: 'vector',
        url: `pmtiles://${archiveUrl}`,
        attribution: '© <a href="https://openstreetmap.org/copyright">OpenStreetMap</a>',
      },
    },
    layers: [
      ...archiveLayers(ARCHIVE_SOURCE),
      // The same anchor as the bundled style: overlays above, satellite below.
      { id: BASEMAP_TOP, type: 'background', layout: { visibility: 'none' } },
    ],
  };
}
