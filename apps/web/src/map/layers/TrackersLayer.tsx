import { useEffect, useMemo, useRef, useState } from 'react';
import { Marker, type GeoJSONSource, type MapGeoJSONFeature } from 'maplibre-gl';
import { markerColour } from '@waymark/domain';
import { CLUSTER_HEX, MARKER_HEX } from '../colours';
import { useFleetMap } from '../context';
import { TrackerPopup } from '../TrackerPopup';
import type { MapTracker } from '../types';
import { nextLayerId, removeAll, setSourceData, useLegendSection } from '../useMapLayer';

/** Spec 000 §2.4 and §9. */
export const CLUSTER_RADIUS = 40;
const SELECT_ZOOM = 12;

export interface TrackersLayerProps {
  trackers: readonly MapTracker[];
  /** The tracker whose popup is open; the map moves to it when this changes. */
  selectedId?: number | null;
  /** A marker was clicked (id), or its popup was closed (null). */
  onSelect?: (id: number | null) => void;
}

function toFeatures(trackers: readonly MapTracker[], now: Date): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  for (const t of trackers) {
    const p = t.current_position;
    if (!p) continue;
    const colour = markerColour(
      {
        timestamp: p.timestamp,
        last_movement_time: p.last_movement_time,
        is_inside_geofences: p.is_inside_geofences,
        expected_report_minutes: t.expected_report_minutes,
      },
      now,
    );
    features.push({
      type: 'Feature',
      id: t.id,
      geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      properties: { id: t.id, colour: MARKER_HEX[colour] },
    });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * Current positions as circle markers coloured by markerColour(); clustered (radius 40) in
 * cluster mode. Cluster counts are HTML labels: the offline style has no glyphs for text.
 * Publishes data-trackers, data-markers and data-clusters on the map for browser tests.
 */
export function TrackersLayer({ trackers, selectedId = null, onSelect }: TrackersLayerProps) {
  const { map, mode, onSingleClick, showPopup, popupKey, setStat } = useFleetMap();
  const [ids] = useState(() => {
    const base = nextLayerId('trackers');
    return {
      source: base,
      clusters: `${base}-clusters`,
      points: `${base}-points`,
      ring: `${base}-ring`,
    };
  });
  const cluster = mode === 'cluster';
  const [sourceVersion, setSourceVersion] = useState(0);
  useLegendSection('trackers');

  useEffect(() => {
    map.addSource(ids.source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      cluster,
      clusterRadius: CLUSTER_RADIUS,
      clusterMaxZoom: 16,
    });
    map.addLayer({
      id: ids.clusters,
      type: 'circle',
      source: ids.source,
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': CLUSTER_HEX,
        'circle-opacity': 0.85,
        'circle-radius': ['step', ['get', 'point_count'], 14, 10, 17, 100, 21, 1000, 26],
        'circle-stroke-width': 3,
        'circle-stroke-color': 'rgba(255,255,255,0.8)',
      },
    });
    map.addLayer({
      id: ids.ring,
      type: 'circle',
      source: ids.source,
      filter: ['==', ['get', 'id'], -1],
      paint: {
        'circle-radius': 13,
        'circle-color': 'rgba(0,0,0,0)',
        'circle-stroke-width': 3,
        'circle-stroke-color': '#fab005',
      },
    });
    map.addLayer({
      id: ids.points,
      type: 'circle',
      source: ids.source,
      filter: ['!', ['has', 'point_count']],
      paint: {
        'circle-radius': 7,
        'circle-color': ['get', 'colour'],
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
      },
    });
    // Data effects must run again for the new source.
    queueMicrotask(() => setSourceVersion((v) => v + 1));
    return () => removeAll(map, [ids.clusters, ids.ring, ids.points], ids.source);
  }, [map, ids, cluster]);

  useEffect(() => {
    setSourceData(map, ids.source, toFeatures(trackers, new Date()));
  }, [map, ids, trackers, sourceVersion]);

  useEffect(() => {
    if (map.getLayer(ids.ring)) map.setFilter(ids.ring, ['==', ['get', 'id'], selectedId ?? -1]);
  }, [map, ids, selectedId, sourceVersion]);

  // Cluster count labels and the numbers browser tests read, refreshed whenever the map rests.
  useEffect(() => {
    const labels = new globalThis.Map<number, Marker>();
    const update = () => {
      if (!map.getSource(ids.source)) return;
      const rendered = map.queryRenderedFeatures({ layers: [ids.clusters, ids.points] });
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
        const existing = labels.get(id);
        if (existing) {
          existing.setLngLat([lng, lat]);
          continue;
        }
        const element = document.createElement('div');
        element.textContent = String(f.properties.point_count_abbreviated ?? count);
        element.setAttribute('role', 'img');
        element.setAttribute('aria-label', `Cluster of ${count} trackers`);
        element.style.cssText =
          'color:#fff;font:600 12px/1 system-ui,sans-serif;pointer-events:none;user-select:none';
        labels.set(id, new Marker({ element }).setLngLat([lng, lat]).addTo(map));
      }
      for (const [id, marker] of labels) {
        if (!clusters.has(id)) {
          marker.remove();
          labels.delete(id);
        }
      }
      setStat('clusters', clusters.size);
      setStat('markers', markers);
      setStat('trackers', markers + inClusters);
    };
    map.on('idle', update);
    update();
    return () => {
      map.off('idle', update);
      for (const marker of labels.values()) marker.remove();
    };
  }, [map, ids, setStat, sourceVersion]);

  const byId = useMemo(() => new globalThis.Map(trackers.map((t) => [t.id, t])), [trackers]);
  const popupId = `tracker-${selectedId ?? ''}`;
  const selected = selectedId === null ? undefined : byId.get(selectedId);
  const selectedPosition = selected?.current_position ?? null;

  // Clicks: a marker selects its tracker, a cluster zooms in to where it splits.
  useEffect(
    () =>
      onSingleClick((event) => {
        if (!map.getLayer(ids.points)) return false;
        const [hit] = map.queryRenderedFeatures(event.point, {
          layers: [ids.points, ids.clusters],
        });
        if (!hit) return false;
        if (hit.properties.cluster) {
          const [lng, lat] = (hit.geometry as GeoJSON.Point).coordinates as [number, number];
          void map
            .getSource<GeoJSONSource>(ids.source)
            ?.getClusterExpansionZoom(hit.properties.cluster_id as number)
            .then((zoom) => map.easeTo({ center: [lng, lat], zoom }));
          return true;
        }
        onSelect?.(hit.properties.id as number);
        return true;
      }, 10),
    [map, ids, onSingleClick, onSelect],
  );

  // Move to a newly selected tracker (from the list or a click).
  const selectedLng = selectedPosition?.lng;
  const selectedLat = selectedPosition?.lat;
  const hasSelectedPosition = selectedPosition !== null;
  useEffect(() => {
    if (selectedId === null || !hasSelectedPosition) return;
    const tracker = byId.get(selectedId);
    const p = tracker?.current_position;
    if (!p) return;
    map.easeTo({ center: [p.lng, p.lat], zoom: Math.max(map.getZoom(), SELECT_ZOOM) });
    // Only on a new selection; live moves update the popup below without moving the camera.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, selectedId, hasSelectedPosition]);

  // Keep the popup on the selected tracker, following live positions.
  useEffect(() => {
    if (!selected || selectedLng === undefined || selectedLat === undefined) {
      if (popupKey?.startsWith('tracker-')) showPopup(null);
      return;
    }
    showPopup({
      key: popupId,
      lngLat: [selectedLng, selectedLat],
      content: <TrackerPopup tracker={selected} />,
    });
    // popupKey is read to close only our own popup, not to reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, selectedLng, selectedLat, popupId, showPopup]);

  // Closing our popup (its ×, or a click on empty map) clears the selection.
  const previousPopupKey = useRef(popupKey);
  useEffect(() => {
    const was = previousPopupKey.current;
    previousPopupKey.current = popupKey;
    if (was?.startsWith('tracker-') && popupKey === null) onSelect?.(null);
  }, [popupKey, onSelect]);

  return null;
}
