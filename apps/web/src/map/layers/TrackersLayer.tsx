import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { PointLike } from 'maplibre-gl';
import { markerColour } from '@waymark/domain';
import { freshest, livePositions, useLivePosition } from '../../api/livePositions';
import { MARKER_HEX } from '../colours';
import { useFleetMap } from '../context';
import { TrackerPopup, type TrackerPopupAccess } from '../TrackerPopup';
import { useClusterClicks, type ClusterHit } from '../useClusterClicks';
import { onMapIdle, useClusterLabels, type OnScreen } from '../useClusterLabels';
import { MAP_REDRAW_MS } from '../liveRedraw';
import { useWorkerClusters, type ClusterView } from '../clusters/useWorkerClusters';
import { MarkerCanvas } from '../markers/MarkerCanvas';
import { fromClusterFeature, type TrackerMarker } from '../markers/placement';
import { announceTrackersIdle, whenMapLoaded } from '../settled';
import type { MapTracker } from '../types';
import { useLegendSection } from '../useMapLayer';

export { CLUSTER_RADIUS } from '../clusters/markerIndex';
const SELECT_ZOOM = 12;
export interface TrackersLayerProps {
  trackers: readonly MapTracker[];
  /** The tracker whose popup is open; the map moves to it when this changes. */
  selectedId?: number | null;
  /** A marker was clicked (id), or its popup was closed (null). */
  onSelect?: (id: number | null) => void;
  /** What the popup may offer the user (the map takes it as a prop, not from the session). */
  popupAccess: TrackerPopupAccess;
}

type MarkerPosition = NonNullable<MapTracker['current_position']>;

/** A tracker's marker: drawn by the canvas, and as it is a MarkerInput for the clustering worker. */
function toMarker(t: MapTracker, p: MarkerPosition, now: Date): TrackerMarker {
  const colour = markerColour(
    {
      timestamp: p.timestamp,
      last_movement_time: p.last_movement_time,
      is_inside_geofences: p.is_inside_geofences,
      expected_report_minutes: t.expected_report_minutes,
    },
    now,
  );
  return { kind: 'marker', id: t.id, lng: p.lng, lat: p.lat, colour: MARKER_HEX[colour] };
}

/** Markers of the trackers, at the newest position known (fetched or live). */
function toMarkers(trackers: readonly MapTracker[], now: Date): TrackerMarker[] {
  const markers: TrackerMarker[] = [];
  for (const t of trackers) {
    const p = freshest<MarkerPosition>(t.current_position, livePositions.get(t.id));
    if (p) markers.push(toMarker(t, p, now));
  }
  return markers;
}

/** Calls `done` once `canvas` has drawn the markers just handed to it, on a loaded map. */
function whenDrawn(canvas: MarkerCanvas, done: () => void) {
  let cancelLoaded: (() => void) | undefined;
  const stop = canvas.onDrawn(() => {
    stop();
    cancelLoaded = whenMapLoaded(canvas.map, done);
  });
  return () => {
    stop();
    cancelLoaded?.();
  };
}

/**
 * Current positions as circle markers coloured by markerColour(), drawn on a canvas over the
 * map (MarkerCanvas: live moves then never redraw the map itself); clustered (radius 40) in
 * cluster mode by a worker that hands over only the view's clusters and markers
 * (useWorkerClusters). Cluster counts are HTML labels: the offline style has no glyphs for
 * text. Publishes data-trackers, data-markers and data-clusters on the map for browser tests.
 */
export function TrackersLayer({
  trackers,
  selectedId = null,
  onSelect,
  popupAccess,
}: TrackersLayerProps) {
  const { map, mode, showPopup, popupKey, setStat } = useFleetMap();
  const cluster = mode === 'cluster';
  useLegendSection('trackers');

  const canvas = useMemo(() => new MarkerCanvas(map), [map]);
  useEffect(() => {
    canvas.attach();
    return () => canvas.detach();
  }, [canvas]);

  // Clustered, the screen has the trackers once the worker's first view of a new list is drawn.
  const loading = useRef<{ generation: number; trackers: number } | null>(null);
  const cancelSettle = useRef<(() => void) | undefined>(undefined);
  const onView = useCallback(
    ({ generation, features }: ClusterView) => {
      canvas.setMarkers(features.map(fromClusterFeature));
      const pending = loading.current;
      if (pending?.generation !== generation) return;
      loading.current = null;
      cancelSettle.current?.();
      cancelSettle.current = whenDrawn(canvas, () => announceTrackersIdle(pending.trackers));
    },
    [canvas],
  );
  const { load, move, expansionZoom } = useWorkerClusters(map, cluster, onView);

  // Unclustered, the canvas holds every marker, kept here so live moves can replace some.
  const unclustered = useRef(new globalThis.Map<number, TrackerMarker>());
  useEffect(() => {
    const markers = toMarkers(trackers, new Date());
    performance.mark('trackers-map-data');
    if (cluster) {
      loading.current = { generation: load(markers), trackers: trackers.length };
      return () => cancelSettle.current?.();
    }
    unclustered.current = new globalThis.Map(markers.map((m) => [m.id, m]));
    canvas.setMarkers(markers);
    return whenDrawn(canvas, () => announceTrackersIdle(trackers.length));
  }, [canvas, trackers, cluster, load]);

  // Live positions move the markers that moved, batched per redraw interval (spec 000 §9):
  // clustered, to the worker, which re-clusters and sends the view again; unclustered, straight
  // to the canvas.
  const byId = useMemo(() => new globalThis.Map(trackers.map((t) => [t.id, t])), [trackers]);
  const byIdRef = useRef(byId);
  useEffect(() => {
    byIdRef.current = byId;
  }, [byId]);
  useEffect(() => {
    const pending = new globalThis.Map<number, TrackerMarker>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      if (pending.size === 0) return;
      if (cluster) move([...pending.values()]);
      else {
        for (const [id, m] of pending) unclustered.current.set(id, m);
        canvas.setMarkers([...unclustered.current.values()]);
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
  }, [canvas, cluster, move]);

  useEffect(() => canvas.setSelected(selectedId), [canvas, selectedId]);

  // Cluster count labels and the numbers browser tests read, refreshed when the map rests and
  // when the canvas draws new markers.
  const onScreen = useCallback((): OnScreen => {
    const shown: OnScreen = { clusters: [], markers: 0 };
    for (const m of canvas.visible()) {
      if (m.kind === 'marker') shown.markers += 1;
      else {
        const { clusterId: id, count, abbreviated, lng, lat } = m;
        shown.clusters.push({ id, count, abbreviated, lngLat: [lng, lat] });
      }
    }
    return shown;
  }, [canvas]);
  const subscribe = useCallback(
    (update: () => void) => {
      const stopDrawn = canvas.onDrawn(update);
      const stopIdle = onMapIdle(map, update);
      return () => {
        stopDrawn();
        stopIdle();
      };
    },
    [map, canvas],
  );
  useClusterLabels(map, {
    onScreen,
    subscribe,
    noun: 'trackers',
    setStat,
    stats: { items: 'trackers', markers: 'markers', clusters: 'clusters' },
  });

  // Clicks: a marker selects its tracker, a cluster zooms in to where it splits.
  const hitAt = useCallback(
    (point: PointLike): ClusterHit | null => {
      const hit = canvas.hit(point);
      if (!hit) return null;
      return hit.kind === 'marker'
        ? { kind: 'marker', id: hit.id }
        : { kind: 'cluster', clusterId: hit.clusterId, lngLat: [hit.lng, hit.lat] };
    },
    [canvas],
  );
  useClusterClicks({
    hitAt,
    onSelect,
    priority: 10,
    expansionZoom: cluster ? expansionZoom : noExpansion,
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

  // Move to a newly selected tracker (from the list or a click).
  const selectedLng = selectedPosition?.lng;
  const selectedLat = selectedPosition?.lat;
  const hasSelectedPosition = selectedPosition !== null;
  // Layout effects, here and for the popup below: the camera move and the popup then land in
  // the render of the click itself (a sync render), so the frame that moves the map is the one
  // that shows the card. From a passive effect, the popup's state update would wait for
  // React's scheduler, behind a map frame.
  useLayoutEffect(() => {
    if (selectedId === null || !hasSelectedPosition) return;
    const p = selected?.current_position;
    if (!p) return;
    const camera = {
      center: [p.lng, p.lat] as [number, number],
      zoom: Math.max(map.getZoom(), SELECT_ZOOM),
    };
    // On screen, an ease keeps the user's bearings; from off screen (a list click) the card opens
    // at once where the tracker is, rather than at the end of a glide over unrelated places.
    if (map.getBounds().contains(camera.center)) map.easeTo(camera);
    else map.jumpTo(camera);
    // Only on a new selection; live moves update the popup below without moving the camera.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, selectedId, hasSelectedPosition]);

  // Keep the popup on the selected tracker, following live positions.
  useLayoutEffect(() => {
    if (!selected || selectedLng === undefined || selectedLat === undefined) {
      if (popupKey?.startsWith('tracker-')) showPopup(null);
      return;
    }
    showPopup({
      key: popupId,
      lngLat: [selectedLng, selectedLat],
      content: <TrackerPopup tracker={selected} access={popupAccess} />,
    });
    // popupKey is read to close only our own popup, not to reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, selectedLng, selectedLat, popupId, showPopup]);

  // Test hook: where the selected tracker's marker is on screen at rest (data-selected-x, -y),
  // so a browser test can tell what covers it.
  useEffect(() => {
    if (selectedLng === undefined || selectedLat === undefined) return;
    const publish = () => {
      const { x, y } = map.project([selectedLng, selectedLat]);
      setStat('selected-x', Math.round(x));
      setStat('selected-y', Math.round(y));
    };
    publish();
    map.on('idle', publish);
    return () => {
      map.off('idle', publish);
    };
  }, [map, selectedLng, selectedLat, setStat]);

  // Closing our popup (its ×, or a click on empty map) clears the selection.
  const previousPopupKey = useRef(popupKey);
  useEffect(() => {
    const was = previousPopupKey.current;
    previousPopupKey.current = popupKey;
    if (was?.startsWith('tracker-') && popupKey === null) onSelect?.(null);
  }, [popupKey, onSelect]);

  return null;
}

/** Unclustered, there are no clusters to expand. */
const noExpansion = () => undefined;
