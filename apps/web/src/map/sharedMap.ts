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

/**
 * How long a configured style may take to load before the bundled map replaces it: a style
 * host that does not answer (offline, blocked) must not leave the map blank.
 */
const STYLE_TIMEOUT_MS = 4000;

interface Shared {
  map: Map;
  /** The configured style could not be reached: the bundled map is shown instead. */
  offline: () => boolean;
  /** The map's own element; moved into whichever FleetMap is mounted. */
  element: HTMLDivElement;
  /** Resolves when the style (and so addSource/addLayer) can be used. */
  loaded: Promise<void>;
}

let shared: Shared | null = null;

/**
 * The one map instance of the app (STYLE.md): created on first use and kept when screens
 * change, so going from the list to a tracker and back does not rebuild WebGL state.
 * `styleUrl` (config map_style_url) replaces the bundled offline basemap, unless it cannot be
 * loaded within STYLE_TIMEOUT_MS: then the bundled one is shown (FleetMap says 'Offline map').
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
  let fellBack = false;
  let styleLoaded = false;
  const loaded = new Promise<void>((resolve) => {
    if (map.loaded()) resolve();
    else map.once('load', () => resolve());
    // The bundled style in place of one that failed: ready when it is (no second 'load').
    map.once('style.load', () => {
      styleLoaded = true;
      if (fellBack) resolve();
    });
  });
  if (styleUrl) {
    const fallBack = () => {
      if (fellBack || styleLoaded) return;
      fellBack = true;
      clearTimeout(timer);
      console.warn(`The map style ${styleUrl} could not be loaded: showing the bundled map`);
      map.setStyle(offlineStyle(assetsUrl));
    };
    const timer = setTimeout(fallBack, STYLE_TIMEOUT_MS);
    // Before its style has loaded, any error is the style's own (its JSON, sprite or glyphs).
    map.on('error', () => {
      if (!styleLoaded) fallBack();
    });
  }
  loaded
    .then(() => (styleUrl && !fellBack ? markStyleTop(map) : loadBasemap(map, assetsUrl)))
    .catch((error: unknown) => console.error('Basemap could not be loaded', error));
  shared = { map, element, loaded, offline: () => fellBack };
  return shared;
}
