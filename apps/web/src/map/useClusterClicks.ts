import { useEffect } from 'react';
import type { Map, PointLike } from 'maplibre-gl';
import { useFleetMap } from './context';

/** What a click landed on: a cluster (which zooms in) or a single marker (which is selected). */
export type ClusterHit =
  { kind: 'cluster'; clusterId: number; lngLat: [number, number] } | { kind: 'marker'; id: number };

export interface ClusterClickOptions {
  /** What is drawn at a point of the map, topmost first. */
  hitAt(point: PointLike): ClusterHit | null;
  /** A single marker was clicked: its id. */
  onSelect?: ((id: number) => void) | undefined;
  /** Which layer hears a click first where markers of two layers overlap. */
  priority: number;
  /** The zoom at which a cluster splits. */
  expansionZoom(clusterId: number): Promise<number> | undefined;
}

/**
 * Clicks on a clustered layer: a marker selects its item, a cluster zooms in to where it
 * splits. Shared by the trackers and the anchors layers. The option functions should keep
 * their identity while the layer is the same (useCallback).
 */
export function useClusterClicks({
  hitAt,
  onSelect,
  priority,
  expansionZoom,
}: ClusterClickOptions) {
  const { map, onSingleClick } = useFleetMap();
  useEffect(
    () =>
      onSingleClick((event) => {
        const hit = hitAt(event.point);
        if (!hit) return false;
        if (hit.kind === 'cluster') {
          void expansionZoom(hit.clusterId)?.then((zoom) =>
            map.easeTo({ center: hit.lngLat, zoom }),
          );
          return true;
        }
        onSelect?.(hit.id);
        return true;
      }, priority),
    [map, onSingleClick, hitAt, onSelect, priority, expansionZoom],
  );
}

/** What a MapLibre clustered source draws at a point, in its two circle layers. */
export function renderedHitAt(
  map: Map,
  point: PointLike,
  clustersLayer: string,
  pointsLayer: string,
): ClusterHit | null {
  if (!map.getLayer(pointsLayer)) return null;
  const [hit] = map.queryRenderedFeatures(point, { layers: [pointsLayer, clustersLayer] });
  if (!hit) return null;
  if (hit.properties.cluster) {
    return {
      kind: 'cluster',
      clusterId: hit.properties.cluster_id as number,
      lngLat: (hit.geometry as GeoJSON.Point).coordinates as [number, number],
    };
  }
  return { kind: 'marker', id: hit.properties.id as number };
}
