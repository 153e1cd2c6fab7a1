import { useEffect } from 'react';
import type { GeoJSONSource } from 'maplibre-gl';
import { useFleetMap } from './context';

export interface ClusterClickOptions {
  source: string;
  clustersLayer: string;
  pointsLayer: string;
  /** A single marker was clicked: its feature's `id` property. */
  onSelect?: (id: number) => void;
  /** Which layer hears a click first where markers of two layers overlap. */
  priority: number;
}

/**
 * Clicks on a clustered layer: a marker selects its item, a cluster zooms in to where it
 * splits. Shared by the trackers and the anchors layers.
 */
export function useClusterClicks({
  source,
  clustersLayer,
  pointsLayer,
  onSelect,
  priority,
}: ClusterClickOptions) {
  const { map, onSingleClick } = useFleetMap();
  useEffect(
    () =>
      onSingleClick((event) => {
        if (!map.getLayer(pointsLayer)) return false;
        const [hit] = map.queryRenderedFeatures(event.point, {
          layers: [pointsLayer, clustersLayer],
        });
        if (!hit) return false;
        if (hit.properties.cluster) {
          const [lng, lat] = (hit.geometry as GeoJSON.Point).coordinates as [number, number];
          void map
            .getSource<GeoJSONSource>(source)
            ?.getClusterExpansionZoom(hit.properties.cluster_id as number)
            .then((zoom) => map.easeTo({ center: [lng, lat], zoom }));
          return true;
        }
        onSelect?.(hit.properties.id as number);
        return true;
      }, priority),
    [map, onSingleClick, source, clustersLayer, pointsLayer, onSelect, priority],
  );
}
