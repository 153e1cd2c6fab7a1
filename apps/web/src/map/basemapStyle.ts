import type { StyleSpecification } from 'maplibre-gl';

// Plain data, without the bundled files: bench/map builds its bare MapLibre page from it.

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/** Layer ids below which overlay layers never go; satellite tiles are inserted before it. */
export const BASEMAP_TOP = 'basemap-top';
export const SATELLITE_LAYER = 'basemap-satellite';
export const VECTOR_LAYERS = ['basemap-land', 'basemap-borders', 'basemap-states'];

/** The offline style: sea, land, country borders and US state lines; no text (no glyphs). */
export function offlineStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: EMPTY },
      borders: { type: 'geojson', data: EMPTY },
      states: { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: 'basemap-sea', type: 'background', paint: { 'background-color': '#cfe2f3' } },
      {
        id: 'basemap-land',
        type: 'fill',
        source: 'land',
        paint: { 'fill-color': '#f5f3ee', 'fill-outline-color': '#b8b2a4' },
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
      // An invisible anchor: everything added later goes above the basemap, satellite below.
      { id: BASEMAP_TOP, type: 'background', layout: { visibility: 'none' } },
    ],
  };
}
