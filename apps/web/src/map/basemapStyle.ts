import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { PLACE_TIERS, PLACES_FONT } from './basemapPlaces';

// Plain data, without the bundled files: bench/map builds its bare MapLibre page from it.

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/** Layer ids below which overlay layers never go; satellite tiles are inserted before it. */
export const BASEMAP_TOP = 'basemap-top';
export const SATELLITE_LAYER = 'basemap-satellite';
/** The place-name layers, biggest places first. */
export const PLACE_LAYERS = PLACE_TIERS.map((tier) => `basemap-${tier.id}`);
/** Hidden under satellite imagery. */
export const VECTOR_LAYERS = [
  'basemap-land',
  'basemap-lakes',
  'basemap-rivers',
  'basemap-borders',
  'basemap-states',
  ...PLACE_LAYERS,
];

const SEA = '#cfe2f3';
const LAND = '#f5f3ee';

/**
 * Place names: muted on the beige land with a land-coloured halo, so they stay readable
 * under trails and geofences. Bigger places (named from lower zooms) get bigger type; each
 * label shows from its place's zoom (property `zoom`); `rank` (biggest first) decides
 * collisions within a tier, and the bigger tiers' layers lie on top, so they win across tiers.
 */
function placeLayer(tier: (typeof PLACE_TIERS)[number]): LayerSpecification {
  return {
    id: `basemap-${tier.id}`,
    type: 'symbol',
    source: tier.id,
    minzoom: tier.zooms[0],
    filter: ['<=', ['get', 'zoom'], ['zoom']],
    layout: {
      'text-field': ['get', 'name'],
      'text-font': [PLACES_FONT],
      'text-size': ['interpolate', ['linear'], ['get', 'zoom'], 3, 15, 9, 11],
      'text-max-width': 8,
      'text-padding': 3,
      'symbol-sort-key': ['get', 'rank'],
    },
    paint: {
      'text-color': ['interpolate', ['linear'], ['get', 'zoom'], 3, '#4a463e', 9, '#6f695c'],
      'text-halo-color': LAND,
      'text-halo-width': 1.5,
      'text-halo-blur': 0.5,
    },
  };
}

/**
 * The offline style: sea, land, lakes and rivers, country borders, US state lines and place
 * names. `assetsUrl` is the absolute URL of the built basemap files (BASEMAP_DIR), where
 * MapLibre fetches the label glyphs.
 */
export function offlineStyle(assetsUrl: string): StyleSpecification {
  return {
    version: 8,
    glyphs: `${assetsUrl}/glyphs/{fontstack}/{range}.pbf`,
    sources: {
      land: { type: 'geojson', data: EMPTY },
      lakes: { type: 'geojson', data: EMPTY },
      rivers: { type: 'geojson', data: EMPTY },
      borders: { type: 'geojson', data: EMPTY },
      states: { type: 'geojson', data: EMPTY },
      ...Object.fromEntries(
        PLACE_TIERS.map((tier) => [tier.id, { type: 'geojson' as const, data: EMPTY }]),
      ),
    },
    layers: [
      { id: 'basemap-sea', type: 'background', paint: { 'background-color': SEA } },
      {
        id: 'basemap-land',
        type: 'fill',
        source: 'land',
        paint: { 'fill-color': LAND, 'fill-outline-color': '#b8b2a4' },
      },
      {
        id: 'basemap-lakes',
        type: 'fill',
        source: 'lakes',
        paint: { 'fill-color': SEA, 'fill-outline-color': '#b3cbe0' },
      },
      {
        id: 'basemap-rivers',
        type: 'line',
        source: 'rivers',
        minzoom: 3,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: {
          'line-color': '#a9c7e3',
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 8, 1.6, 12, 2.4],
        },
      },
      {
        id: 'basemap-borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': '#a39d90', 'line-width': 0.8 },
      },
      {
        id: 'basemap-states',
        type: 'line',
        source: 'states',
        minzoom: 3,
        paint: { 'line-color': '#c9c2b3', 'line-width': 0.6, 'line-dasharray': [3, 2] },
      },
      // Smallest places first: later layers are placed first and win collisions.
      ...[...PLACE_TIERS].reverse().map(placeLayer),
      // An invisible anchor: everything added later goes above the basemap, satellite below.
      { id: BASEMAP_TOP, type: 'background', layout: { visibility: 'none' } },
    ],
  };
}
