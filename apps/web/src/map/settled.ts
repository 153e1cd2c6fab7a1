import type { Map } from 'maplibre-gl';

/** What the trackers layer last drew, once the map had rendered it (for benchmarks and tests). */
export interface TrackersIdle {
  /** Trackers handed to the layer. */
  trackers: number;
  /** performance.now() when they were drawn on a loaded map. */
  at: number;
}

declare global {
  interface Window {
    __waymarkMapIdle?: TrackersIdle;
  }
}

export const TRACKERS_IDLE_EVENT = 'waymark:trackers-idle';

/**
 * Calls `done` once the map has loaded what it shows (style and tiles: MapLibre's `loaded()`),
 * at once if it has. The trackers' markers are drawn outside MapLibre (MarkerCanvas), so this
 * is the basemap and the other layers under them. Returns a cancel function.
 */
export function whenMapLoaded(map: Map, done: () => void): () => void {
  if (map.loaded()) {
    done();
    return () => {};
  }
  const check = () => {
    if (!map.loaded()) return;
    map.off('idle', check);
    done();
  };
  map.on('idle', check);
  return () => map.off('idle', check);
}

/**
 * Publishes that the trackers layer has drawn `trackers` trackers: window.__waymarkMapIdle and
 * a `waymark:trackers-idle` event, which the trackers screen turns into its
 * performance.mark('trackers-settled').
 */
export function announceTrackersIdle(trackers: number) {
  const detail: TrackersIdle = { trackers, at: performance.now() };
  window.__waymarkMapIdle = detail;
  window.dispatchEvent(new CustomEvent<TrackersIdle>(TRACKERS_IDLE_EVENT, { detail }));
}
