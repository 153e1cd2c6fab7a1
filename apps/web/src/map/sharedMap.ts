import { Map, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { BASEMAP_TOP, basemapAssetsUrl, loadBasemap, offlineStyle } from './basemap';

// Vite does not bundle MapLibre's worker by itself; without this the built app fails with
// "Worker failed to load" (PITFALLS.md).
setWorkerUrl(workerUrl);

/** Spec 000 §2.4 and §9: roughly the centre of the USA, zoom 5, minimum zoom 1. */
export const INITIAL_CENTER: [number, number] = [-98.5, 39.8];
export const INITIAL_ZOOM = 5;
export const MIN_ZOOM = 1;

/** A configured style has no basemap-top layer: the satellite layer goes in under this one. */
function markStyleTop(map: Map) {
  if (!map.getLayer(BASEMAP_TOP))
    map.addLayer({ id: BASEMAP_TOP, type: 'background', layout: { visibility: 'none' } });
}

interface Shared {
  map: Map;
  /** The map's own element; moved into whichever FleetMap is mounted. */
  element: HTMLDivElement;
  /** Resolves when the style (and so addSource/addLayer) can be used. */
  loaded: Promise<void>;
}

let shared: Shared | null = null;

/**
 * The one map instance of the app (STYLE.md): created on first use and kept when screens
 * change, so going from the list to a tracker and back does not rebuild WebGL state.
 * `styleUrl` (config map_style_url) replaces the bundled offline basemap.
 */
export function sharedMap(styleUrl?: string | null): Shared {
  if (shared) return shared;
  const element = document.createElement('div');
  element.style.width = '100%';
  element.style.height = '100%';
  const assetsUrl = basemapAssetsUrl();
  const map = new Map({
    container: element,
    style: styleUrl ?? offlineStyle(assetsUrl),
    center: INITIAL_CENTER,
    zoom: INITIAL_ZOOM,
    minZoom: MIN_ZOOM,
    attributionControl: {
      compact: true,
      customAttribution: 'Natural Earth, US Census Bureau, GeoNames',
    },
    // Single and double clicks are told apart by FleetMap; zooming stays on double click.
    doubleClickZoom: true,
  });
  // Zoom buttons ('Zoom in', 'Zoom out'): not everyone has a wheel or a pinch.
  map.addControl(new NavigationControl({ showCompass: false }), 'bottom-right');
  const loaded = new Promise<void>((resolve) => {
    if (map.loaded()) resolve();
    else map.once('load', () => resolve());
  });
  loaded
    .then(() => (styleUrl ? markStyleTop(map) : loadBasemap(map, assetsUrl)))
    .catch((error: unknown) => console.error('Basemap could not be loaded', error));
  shared = { map, element, loaded };
  return shared;
}
