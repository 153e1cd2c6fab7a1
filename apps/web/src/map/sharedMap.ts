import { Map, NavigationControl, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { archiveStyle } from './archiveStyle';
import { BASEMAP_TOP, basemapAssetsUrl, loadBasemap, offlineStyle } from './basemap';
import { replaceBasemap } from './replaceBasemap';
import { retryStyle } from './styleRetry';

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

/**
 * Which map is drawn: the configured street style, the bundled basemap (configured so, or
 * standing in for a street style that did not answer), or the MAP_PMTILES archive.
 */
export type BasemapKind = 'streets' | 'bundled' | 'archive';

/** Where the street map comes from (GET /api/config). */
export interface MapSources {
  /** A MapLibre style URL (map_style_url); null: no outside style. */
  styleUrl: string | null;
  /** The server's street archive (map_pmtiles_url), read by range requests. */
  archiveUrl: string | null;
}

interface Shared {
  map: Map;
  /** The map drawn now; 'bundled' while a street style that did not answer is retried. */
  basemap: () => BasemapKind;
  /** The configured street style could not be reached: the bundled map stands in for it. */
  offline: () => boolean;
  /** Calls `listener` when the drawn map changes (the street style answered); unsubscribes. */
  onBasemapChange: (listener: () => void) => () => void;
  /** The map's own element; moved into whichever FleetMap is mounted. */
  element: HTMLDivElement;
  /** Resolves when the style (and so addSource/addLayer) can be used. */
  loaded: Promise<void>;
}

let shared: Shared | null = null;

function firstStyle({ styleUrl, archiveUrl }: MapSources, assetsUrl: string) {
  if (archiveUrl) {
    const kind: BasemapKind = 'archive';
    return { kind, style: archiveStyle(new URL(archiveUrl, window.location.href).href, assetsUrl) };
  }
  const kind: BasemapKind = styleUrl ? 'streets' : 'bundled';
  return { kind, style: styleUrl ?? offlineStyle(assetsUrl) };
}

/**
 * The one map instance of the app (STYLE.md): created on first use and kept when screens
 * change, so going from the list to a tracker and back does not rebuild WebGL state.
 * The street map is the server's archive when it has one, else the configured style
 * (`map_style_url`), else the bundled offline basemap. A style that cannot be loaded within
 * STYLE_TIMEOUT_MS is replaced by the bundled one (FleetMap says 'Offline map') and asked for
 * again in the background (styleRetry.ts); when it answers, the streets come back in place.
 */
export function sharedMap(sources: MapSources): Shared {
  if (shared) return shared;
  const element = document.createElement('div');
  element.style.width = '100%';
  element.style.height = '100%';
  const assetsUrl = basemapAssetsUrl();
  const first = firstStyle(sources, assetsUrl);
  const map = new Map({
    container: element,
    style: first.style,
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
  let kind = first.kind;
  let fellBack = false;
  let styleLoaded = false;
  const listeners = new Set<() => void>();
  const loaded = new Promise<void>((resolve) => {
    if (map.loaded()) resolve();
    else map.once('load', () => resolve());
    // The bundled style in place of one that failed: ready when it is (no second 'load').
    map.once('style.load', () => {
      styleLoaded = true;
      if (fellBack) resolve();
    });
  });
  const styleUrl = first.kind === 'streets' ? sources.styleUrl : null;
  if (styleUrl) {
    const backToStreets = (style: StyleSpecification) => {
      console.info(`The map style ${styleUrl} answers again: showing the street map`);
      map.once('style.load', () => {
        kind = 'streets';
        fellBack = false;
        for (const listener of listeners) listener();
      });
      replaceBasemap(map, style);
    };
    const fallBack = () => {
      if (fellBack || styleLoaded) return;
      fellBack = true;
      kind = 'bundled';
      clearTimeout(timer);
      console.warn(`The map style ${styleUrl} could not be loaded: showing the bundled map`);
      map.setStyle(offlineStyle(assetsUrl));
      // Asked for again once the bundled map is up, so its layers are the ones replaced.
      void loaded.then(() => retryStyle(styleUrl, backToStreets));
    };
    const timer = setTimeout(fallBack, STYLE_TIMEOUT_MS);
    // Before its style has loaded, any error is the style's own (its JSON, sprite or glyphs).
    map.on('error', () => {
      if (!styleLoaded) fallBack();
    });
  }
  loaded
    .then(() => (kind === 'bundled' ? loadBasemap(map, assetsUrl) : markStyleTop(map)))
    .catch((error: unknown) => console.error('Basemap could not be loaded', error));
  shared = {
    map,
    element,
    loaded,
    basemap: () => kind,
    offline: () => fellBack,
    onBasemapChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return shared;
}
