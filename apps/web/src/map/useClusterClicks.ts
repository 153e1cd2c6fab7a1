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
  /** Where a cluster splits, for sources clustered outside MapLibre; else the source's own. */
  expansionZoom?: ((clusterId: number) => Promise<number>) | undefined;
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
  expansionZoom,
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
          const clusterId = hit.properties.cluster_id as number;
          const splits = expansionZoom
            ? expansionZoom(clusterId)
            : map.getSource<GeoJSONSource>(source)?.getClusterExpansionZoom(clusterId);
          void splits?.then((zoom) => map.easeTo({ center: [lng, lat], zoom }));
          return true;
        }
        onSelect?.(hit.properties.id as number);
        return true;
      }, priority),
    [map, onSingleClick, source, clustersLayer, pointsLayer, onSelect, priority, expansionZoom],
  );
}
