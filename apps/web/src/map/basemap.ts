import type { Map } from 'maplibre-gl';
import type { Topology } from 'topojson-specification';
import { feature, mesh } from 'topojson-client';
// Natural Earth 1:50m (world-atlas) and US Census states (us-atlas), bundled as assets:
// there is no internet at run time, so the basemap cannot come from a tile service.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import statesUrl from 'us-atlas/states-10m.json?url';
import { BASEMAP_TOP, SATELLITE_LAYER, VECTOR_LAYERS } from './basemapStyle';

export { BASEMAP_TOP, offlineStyle, SATELLITE_LAYER } from './basemapStyle';

async function topology(url: string): Promise<Topology> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Basemap ${url} answered ${response.status}`);
  return (await response.json()) as Topology;
}

/** Loads the bundled TopoJSON and fills the basemap sources. */
export async function loadBasemap(map: Map): Promise<void> {
  const [world, us] = await Promise.all([topology(countriesUrl), topology(statesUrl)]);
  const land = feature(world, world.objects.land!);
  const borders = mesh(world, world.objects.countries as never, (a, b) => a !== b);
  const states = mesh(us, us.objects.states as never, (a, b) => a !== b);
  setData(map, 'land', land);
  setData(map, 'borders', borders);
  setData(map, 'states', states);
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
