import type { Map, StyleSpecification } from 'maplibre-gl';
import { BASEMAP_TOP, SATELLITE_LAYER } from './basemapStyle';

/**
 * Puts `style` in place of the map's basemap and keeps what the app added to it: the layers
 * from the `basemap-top` anchor up (trackers, trails, geofences) and the satellite layer, with
 * their sources. MapLibre applies it as a diff, so those layers, their data and their images
 * stay as they are and the screen's layer components go on working with them.
 */
export function replaceBasemap(map: Map, style: StyleSpecification): void {
  map.setStyle(style, {
    diff: true,
    transformStyle: (previous, next) => {
      if (!previous) return next;
      const top = previous.layers.findIndex((layer) => layer.id === BASEMAP_TOP);
      const kept = previous.layers.filter(
        (layer, i) => (top >= 0 && i >= top) || layer.id === SATELLITE_LAYER,
      );
      const keptIds = new Set(kept.map((layer) => layer.id));
      const sources = { ...next.sources };
      for (const layer of kept) {
        const source = 'source' in layer ? layer.source : undefined;
        if (source && previous.sources[source]) sources[source] = previous.sources[source];
      }
      return {
        ...next,
        sources,
        layers: [...next.layers.filter((layer) => !keptIds.has(layer.id)), ...kept],
      };
    },
  });
}
