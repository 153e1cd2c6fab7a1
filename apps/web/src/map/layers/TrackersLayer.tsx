import { useEffect, useMemo, useRef, useState } from 'react';
import type { GeoJSONSource } from 'maplibre-gl';
import { markerColour } from '@waymark/domain';
import { freshest, livePositions, useLivePosition } from '../../api/livePositions';
import { CLUSTER_HEX, MARKER_HEX } from '../colours';
import { useFleetMap } from '../context';
import { TrackerPopup } from '../TrackerPopup';
import { useClusterClicks } from '../useClusterClicks';
import { useClusterLabels } from '../useClusterLabels';
import { MAP_REDRAW_MS } from '../liveRedraw';
import { useWorkerClusters, type MarkerInput } from '../clusters/useWorkerClusters';
import { announceTrackersIdle, whenSourceIdle } from '../settled';
import type { MapTracker } from '../types';
import { nextLayerId, removeAll, setSourceData, useLegendSection } from '../useMapLayer';

export { CLUSTER_RADIUS } from '../clusters/markerIndex';
const SELECT_ZOOM = 12;
export interface TrackersLayerProps {
  trackers: readonly MapTracker[];
  /** The tracker whose popup is open; the map moves to it when this changes. */
  selectedId?: number | null;
  /** A marker was clicked (id), or its popup was closed (null). */
  onSelect?: (id: number | null) => void;
}

type MarkerPosition = NonNullable<MapTracker['current_position']>;

function toMarker(t: MapTracker, p: MarkerPosition, now: Date): MarkerInput {
  const colour = markerColour(
    {
      timestamp: p.timestamp,
      last_movement_time: p.last_movement_time,
      is_inside_geofences: p.is_inside_geofences,
      expected_report_minutes: t.expected_report_minutes,
    },
    now,
  );
  return { id: t.id, lng: p.lng, lat: p.lat, colour: MARKER_HEX[colour] };
}

const toFeature = (m: MarkerInput): GeoJSON.Feature<GeoJSON.Point> => ({
  type: 'Feature',
  id: m.id,
  geometry: { type: 'Point', coordinates: [m.lng, m.lat] },
  properties: { id: m.id, colour: m.colour },
});

/** Markers of the trackers, at the newest position known (fetched or live). */
function toMarkers(trackers: readonly MapTracker[], now: Date): MarkerInput[] {
  const markers: MarkerInput[] = [];
  for (const t of trackers) {
    const p = freshest<MarkerPosition>(t.current_position, livePositions.get(t.id));
    if (p) markers.push(toMarker(t, p, now));
  }
  return markers;
}

/**
 * Current positions as circle markers coloured by markerColour(); clustered (radius 40) in
 * cluster mode, by a worker that hands the source only the view's clusters and markers
 * (useWorkerClusters). Cluster counts are HTML labels: the offline style has no glyphs for
 * text. Publishes data-trackers, data-markers and data-clusters on the map for browser tests.
 */
export function TrackersLayer({ trackers, selectedId = null, onSelect }: TrackersLayerProps) {
  const { map, mode, showPopup, popupKey, setStat } = useFleetMap();
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
  useLegendSection('trackers');

  useEffect(() => {
    map.addSource(ids.source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
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
    return () => removeAll(map, [ids.clusters, ids.ring, ids.points], ids.source);
  }, [map, ids, cluster]);

  // The effects below depend on `cluster` too: a new mode makes a new source that needs them.
  const clusters = useWorkerClusters(map, ids.source, cluster);
  const { load, move, shown } = clusters;
  const loaded = useRef<{ generation: number; trackers: number } | null>(null);
  useEffect(() => {
    const markers = toMarkers(trackers, new Date());
    performance.mark('trackers-map-data');
    if (cluster) {
      loaded.current = { generation: load(markers), trackers: trackers.length };
      return;
    }
    setSourceData(map, ids.source, { type: 'FeatureCollection', features: markers.map(toFeature) });
    return whenSourceIdle(map, ids.source, () => announceTrackersIdle(trackers.length));
  }, [map, ids, trackers, cluster, load]);
  // Clustered, the map has the trackers once the worker's first view of them is in the source.
  useEffect(() => {
    const drawn = loaded.current;
    if (!cluster || !drawn || shown !== drawn.generation) return;
    return whenSourceIdle(map, ids.source, () => announceTrackersIdle(drawn.trackers));
  }, [map, ids, cluster, shown]);

  // Live positions move the markers that moved, batched per redraw interval (spec 000 §9):
  // clustered, to the worker, which re-clusters and sends the view again; unclustered, as a
  // diff of the source (updateData).
  const byId = useMemo(() => new globalThis.Map(trackers.map((t) => [t.id, t])), [trackers]);
  const byIdRef = useRef(byId);
  useEffect(() => {
    byIdRef.current = byId;
  }, [byId]);
  useEffect(() => {
    const pending = new globalThis.Map<number, MarkerInput>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      if (pending.size === 0) return;
      if (cluster) move([...pending.values()]);
      else {
        map.getSource<GeoJSONSource>(ids.source)?.updateData({
          update: [...pending.values()].map((m) => ({
            id: m.id,
            newGeometry: { type: 'Point', coordinates: [m.lng, m.lat] },
            addOrUpdateProperties: [{ key: 'colour', value: m.colour }],
          })),
        });
      }
      pending.clear();
    };
    const unsubscribe = livePositions.subscribe((changed) => {
      const now = new Date();
      for (const p of changed) {
        const tracker = byIdRef.current.get(p.device_id);
        if (tracker) pending.set(p.device_id, toMarker(tracker, p, now));
      }
      if (pending.size > 0) timer ??= setTimeout(flush, MAP_REDRAW_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [map, ids, cluster, move]);

  useEffect(() => {
    if (map.getLayer(ids.ring)) map.setFilter(ids.ring, ['==', ['get', 'id'], selectedId ?? -1]);
  }, [map, ids, selectedId, cluster]);

  // Cluster count labels and the numbers browser tests read, refreshed whenever the map rests.
  useClusterLabels(map, {
    source: ids.source,
    clustersLayer: ids.clusters,
    pointsLayer: ids.points,
    noun: 'trackers',
    setStat,
    stats: { items: 'trackers', markers: 'markers', clusters: 'clusters' },
    version: cluster ? 1 : 0,
  });

  const popupId = `tracker-${selectedId ?? ''}`;
  const selectedTracker = selectedId === null ? undefined : byId.get(selectedId);
  const selectedPosition = useLivePosition<MarkerPosition>(
    selectedId ?? -1,
    selectedTracker?.current_position ?? null,
  );
  const selected = useMemo(
    () => selectedTracker && { ...selectedTracker, current_position: selectedPosition },
    [selectedTracker, selectedPosition],
  );

  // Clicks: a marker selects its tracker, a cluster zooms in to where it splits.
  useClusterClicks({
    source: ids.source,
    clustersLayer: ids.clusters,
    pointsLayer: ids.points,
    onSelect,
    priority: 10,
    expansionZoom: cluster ? clusters.expansionZoom : undefined,
  });

  // Move to a newly selected tracker (from the list or a click).
  const selectedLng = selectedPosition?.lng;
  const selectedLat = selectedPosition?.lat;
  const hasSelectedPosition = selectedPosition !== null;
  useEffect(() => {
    if (selectedId === null || !hasSelectedPosition) return;
    const p = selected?.current_position;
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
