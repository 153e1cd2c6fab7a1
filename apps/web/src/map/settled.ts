import type { GeoJSONSource, Map } from 'maplibre-gl';

/** What the trackers layer last drew, once the map had rendered it (for benchmarks and tests). */
export interface TrackersIdle {
  /** Trackers handed to the layer. */
  trackers: number;
  /** performance.now() when the map went idle with them drawn. */
  at: number;
}

declare global {
  interface Window {
    __waymarkMapIdle?: TrackersIdle;
  }
}

export const TRACKERS_IDLE_EVENT = 'waymark:trackers-idle';

/**
 * Calls `done` once the map has rendered the source's current data: MapLibre's `idle` (no
 * tiles loading, no transition, frame drawn) with the GeoJSON source loaded. An `idle` that
 * comes before the worker has taken the new data is skipped. Returns a cancel function.
 */
export function whenSourceIdle(map: Map, sourceId: string, done: () => void): () => void {
  let cancelled = false;
  const check = () => {
    if (cancelled) return;
    const source = map.getSource<GeoJSONSource>(sourceId);
    if (!source) return;
    if (source.loaded() && map.loaded()) {
      map.off('idle', check);
      done();
    }
  };
  map.on('idle', check);
  // The map may be resting already, in which case no idle comes until something changes.
  map.triggerRepaint();
  return () => {
    cancelled = true;
    map.off('idle', check);
  };
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
