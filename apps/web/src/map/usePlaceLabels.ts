import { useEffect, useState } from 'react';
import type { Map } from 'maplibre-gl';
import { ARCHIVE_LABEL_LAYERS } from './archiveStyle';
import { PLACE_LAYERS } from './basemapStyle';

/** The name layers of the bundled basemap and of the MAP_PMTILES archive's style. */
const NAME_LAYERS = [...PLACE_LAYERS, ...ARCHIVE_LABEL_LAYERS];

/**
 * The place names MapLibre has placed on screen, read when the map rests, sorted and joined with
 * '|' (the fleet-map box's `data-places`, for browser tests). Rendered symbols, not source data:
 * a label that was not drawn (glyphs missing, lost a collision, hidden under satellite imagery)
 * is not listed; on the archive's style, street and water names too. Null on a configured
 * style, which has no name layers of ours.
 */
export function usePlaceLabels(map: Map | null): string | null {
  const [labels, setLabels] = useState<string | null>(null);
  useEffect(() => {
    if (!map) return;
    const publish = () => {
      const layers = NAME_LAYERS.filter((id) => map.getLayer(id));
      if (layers.length === 0) return;
      const names = new Set(
        map.queryRenderedFeatures({ layers }).map((f) => `${f.properties.name}`),
      );
      setLabels([...names].sort().join('|'));
    };
    map.on('idle', publish);
    return () => {
      map.off('idle', publish);
    };
  }, [map]);
  return labels;
}
