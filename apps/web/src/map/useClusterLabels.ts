import { useEffect } from 'react';
import { Marker, type Map, type MapGeoJSONFeature } from 'maplibre-gl';
import { showCount } from './clusterLabel';

export interface ClusterLabelOptions {
  source: string;
  clustersLayer: string;
  pointsLayer: string;
  /** Plural noun of the accessible name: 'Cluster of 4 anchors'. */
  noun: string;
  /** Publishes the counts browser tests read (see FleetMap setStat). */
  setStat(name: string, value: number): void;
  /** Stat names: items rendered (counting cluster members), single markers, clusters. */
  stats: { items: string; markers: string; clusters: string };
  /** Changes when the source was created again, so labels follow the new one. */
  version: number;
}

/**
 * HTML count labels on clusters (the offline style has no glyphs for text) and the rendered
 * counts, refreshed whenever the map comes to rest.
 */
export function useClusterLabels(map: Map, options: ClusterLabelOptions) {
  const { source, clustersLayer, pointsLayer, noun, setStat, stats, version } = options;
  const { items, markers: markersStat, clusters: clustersStat } = stats;
  useEffect(() => {
    const labels = new globalThis.Map<number, Marker>();
    const update = () => {
      if (!map.getSource(source) || !map.getLayer(clustersLayer)) return;
      const rendered = map.queryRenderedFeatures({ layers: [clustersLayer, pointsLayer] });
      const clusters = new globalThis.Map<number, MapGeoJSONFeature>();
      let markers = 0;
      for (const f of rendered) {
        if (f.properties.cluster) clusters.set(f.properties.cluster_id as number, f);
        else markers += 1;
      }
      let inClusters = 0;
      for (const [id, f] of clusters) {
        const count = f.properties.point_count as number;
        inClusters += count;
        const [lng, lat] = (f.geometry as GeoJSON.Point).coordinates as [number, number];
        const abbreviated = f.properties.point_count_abbreviated as string | number | undefined;
        const existing = labels.get(id);
        if (existing) {
          // Live moves cluster again, and a cluster id may then name a cluster of another size.
          showCount(existing.getElement(), count, abbreviated, noun);
          existing.setLngLat([lng, lat]);
          continue;
        }
        const element = document.createElement('div');
        element.setAttribute('role', 'img');
        element.style.cssText =
          'color:#fff;font:600 12px/1 system-ui,sans-serif;pointer-events:none;user-select:none';
        showCount(element, count, abbreviated, noun);
        labels.set(id, new Marker({ element }).setLngLat([lng, lat]).addTo(map));
      }
      for (const [id, marker] of labels) {
        if (!clusters.has(id)) {
          marker.remove();
          labels.delete(id);
        }
      }
      setStat(clustersStat, clusters.size);
      setStat(markersStat, markers);
      setStat(items, markers + inClusters);
    };
    map.on('idle', update);
    update();
    return () => {
      map.off('idle', update);
      for (const marker of labels.values()) marker.remove();
    };
  }, [
    map,
    source,
    clustersLayer,
    pointsLayer,
    noun,
    setStat,
    items,
    markersStat,
    clustersStat,
    version,
  ]);
}
