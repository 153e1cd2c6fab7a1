import { useEffect } from 'react';
import { Marker, type Map } from 'maplibre-gl';
import { showCount } from './clusterLabel';

/** A cluster on screen, as its label shows it. */
export interface LabelledCluster {
  id: number;
  count: number;
  /** The short count shown ('1.2k'). */
  abbreviated: string | number;
  lngLat: [number, number];
}

/** What a clustered layer has on screen: its clusters and how many single markers. */
export interface OnScreen {
  clusters: LabelledCluster[];
  markers: number;
}

export interface ClusterLabelOptions {
  /** What is on screen now (null: the layer is not on the map). */
  onScreen(): OnScreen | null;
  /** Calls `update` whenever what is on screen may have changed; returns an unsubscribe. */
  subscribe(update: () => void): () => void;
  /** Plural noun of the accessible name: 'Cluster of 4 anchors'. */
  noun: string;
  /** Publishes the counts browser tests read (see FleetMap setStat). */
  setStat(name: string, value: number): void;
  /** Stat names: items on screen (counting cluster members), single markers, clusters. */
  stats: { items: string; markers: string; clusters: string };
}

/**
 * HTML count labels on clusters (the offline style has no glyphs for text) and the counts on
 * screen, refreshed whenever `subscribe` says they may have changed. `onScreen` and
 * `subscribe` should keep their identity while the layer is the same (useCallback).
 */
export function useClusterLabels(map: Map, options: ClusterLabelOptions) {
  const { onScreen, subscribe, noun, setStat, stats } = options;
  const { items, markers: markersStat, clusters: clustersStat } = stats;
  useEffect(() => {
    const labels = new globalThis.Map<number, Marker>();
    const update = () => {
      const shown = onScreen();
      if (!shown) return;
      const ids = new Set<number>();
      let inClusters = 0;
      for (const { id, count, abbreviated, lngLat } of shown.clusters) {
        ids.add(id);
        inClusters += count;
        const existing = labels.get(id);
        if (existing) {
          // Live moves cluster again, and a cluster id may then name a cluster of another size.
          showCount(existing.getElement(), count, abbreviated, noun);
          existing.setLngLat(lngLat);
          continue;
        }
        const element = document.createElement('div');
        element.setAttribute('role', 'img');
        element.style.cssText =
          'color:#fff;font:600 12px/1 system-ui,sans-serif;pointer-events:none;user-select:none';
        showCount(element, count, abbreviated, noun);
        labels.set(id, new Marker({ element }).setLngLat(lngLat).addTo(map));
      }
      for (const [id, marker] of labels) {
        if (!ids.has(id)) {
          marker.remove();
          labels.delete(id);
        }
      }
      setStat(clustersStat, ids.size);
      setStat(markersStat, shown.markers);
      setStat(items, shown.markers + inClusters);
    };
    const unsubscribe = subscribe(update);
    update();
    return () => {
      unsubscribe();
      for (const marker of labels.values()) marker.remove();
    };
  }, [map, onScreen, subscribe, noun, setStat, items, markersStat, clustersStat]);
}

/** What a MapLibre clustered source draws in its two circle layers (MapLibre's rendering). */
export function renderedOnScreen(map: Map, clustersLayer: string, pointsLayer: string) {
  if (!map.getLayer(clustersLayer) || !map.getLayer(pointsLayer)) return null;
  const clusters = new globalThis.Map<number, LabelledCluster>();
  let markers = 0;
  for (const f of map.queryRenderedFeatures({ layers: [clustersLayer, pointsLayer] })) {
    if (!f.properties.cluster) {
      markers += 1;
      continue;
    }
    const id = f.properties.cluster_id as number;
    const count = f.properties.point_count as number;
    clusters.set(id, {
      id,
      count,
      abbreviated: (f.properties.point_count_abbreviated as string | number | undefined) ?? count,
      lngLat: (f.geometry as GeoJSON.Point).coordinates as [number, number],
    });
  }
  return { clusters: [...clusters.values()], markers };
}

/** Subscribes to the map coming to rest (MapLibre's `idle`). */
export function onMapIdle(map: Map, update: () => void) {
  map.on('idle', update);
  return () => {
    map.off('idle', update);
  };
}
