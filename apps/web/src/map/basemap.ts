import type { Map } from 'maplibre-gl';
import type { Topology } from 'topojson-specification';
import { feature, mesh } from 'topojson-client';
// Natural Earth 1:50m (world-atlas) and US Census states (us-atlas), bundled as assets:
// there is no internet at run time, so the basemap cannot come from a tile service.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import statesUrl from 'us-atlas/states-10m.json?url';
import {
  BASEMAP_DIR,
  PLACE_TIERS,
  placeFeatures,
  tierLoadZoom,
  type PlaceRow,
} from './basemapPlaces';
import { BASEMAP_TOP, SATELLITE_LAYER, VECTOR_LAYERS } from './basemapStyle';

export { BASEMAP_TOP, offlineStyle, SATELLITE_LAYER } from './basemapStyle';

/**
 * The absolute URL of the files `scripts/build-basemap-assets.ts` builds into public/ (glyphs,
 * places, water): served with the app, so they work offline; MapLibre wants glyph URLs absolute.
 */
export function basemapAssetsUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}${BASEMAP_DIR}`, window.location.href).href;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Basemap ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Loads the bundled TopoJSON and fills the basemap sources; place names follow the zoom. */
export async function loadBasemap(map: Map, assetsUrl: string): Promise<void> {
  followPlaces(map, assetsUrl);
  const [world, us, water] = await Promise.all([
    json<Topology>(countriesUrl),
    json<Topology>(statesUrl),
    json<Topology>(`${assetsUrl}/water.json`),
  ]);
  const land = feature(world, world.objects.land!);
  const borders = mesh(world, world.objects.countries as never, (a, b) => a !== b);
  const states = mesh(us, us.objects.states as never, (a, b) => a !== b);
  setData(map, 'land', land);
  setData(map, 'lakes', feature(water, water.objects.lakes!));
  setData(map, 'rivers', feature(water, water.objects.rivers!));
  setData(map, 'borders', borders);
  setData(map, 'states', states);
}

/**
 * Fetches each places file when the map first comes near the zoom its names show from, so a
 * country-wide view never loads the 45,000 towns.
 */
function followPlaces(map: Map, assetsUrl: string) {
  const pending = new Set(PLACE_TIERS);
  const check = () => {
    for (const tier of pending) {
      if (map.getZoom() < tierLoadZoom(tier)) continue;
      pending.delete(tier);
      // The street map came back in the bundled one's place: its names are not needed.
      if (!map.getSource(tier.id)) continue;
      json<PlaceRow[]>(`${assetsUrl}/${tier.id}.json`)
        .then((rows) => setData(map, tier.id, placeFeatures(rows)))
        .catch((error: unknown) => console.error('Place names could not be loaded', error));
    }
    if (pending.size === 0) map.off('zoom', check);
  };
  map.on('zoom', check);
  check();
}

function setData(map: Map, id: string, data: GeoJSON.GeoJSON) {
  const source = map.getSource(id);
  if (source && 'setData' in source)
    (source as { setData(d: GeoJSON.GeoJSON): void }).setData(data);
}

/** Adds the raster satellite layer when the installation offers one (config satellite_url). */
export function ensureSatellite(map: Map, tileUrl: string): void {
  if (map.getSource('satellite')) return;
  map.addSource('satellite', { type: 'raster', tiles: [tileUrl], tileSize: 256 });
  map.addLayer(
    { id: SATELLITE_LAYER, type: 'raster', source: 'satellite', layout: { visibility: 'none' } },
    BASEMAP_TOP,
  );
}

export function showBasemap(map: Map, basemap: 'map' | 'satellite'): void {
  const satellite = basemap === 'satellite' && Boolean(map.getLayer(SATELLITE_LAYER));
  if (map.getLayer(SATELLITE_LAYER)) {
    map.setLayoutProperty(SATELLITE_LAYER, 'visibility', satellite ? 'visible' : 'none');
  }
  // Only the offline style has these; a configured style is simply covered by the satellite.
  for (const id of VECTOR_LAYERS) {
    if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', satellite ? 'none' : 'visible');
  }
}
