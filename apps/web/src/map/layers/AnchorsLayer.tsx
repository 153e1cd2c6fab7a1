import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { GeoJSONSource, PointLike } from 'maplibre-gl';
import { Stack, Text } from '@mantine/core';
import { FEET_TO_METRES, formatFeet } from '@waymark/domain';
import { ANCHOR_HEX } from '../colours';
import { useFleetMap } from '../context';
import { circlePolygon } from '../geometry';
import type { MapAnchor } from '../types';
import { useAreaLayer } from '../useAreaLayer';
import { renderedHitAt, useClusterClicks } from '../useClusterClicks';
import { onMapIdle, renderedOnScreen, useClusterLabels } from '../useClusterLabels';
import { nextLayerId, removeAll, setSourceData, useLegendSection } from '../useMapLayer';

/** Spec 000 §9: anchors cluster at radius 30; picking one flies to zoom 16 over 0.8 s. */
export const ANCHOR_CLUSTER_RADIUS = 30;
export const ANCHOR_FLY_ZOOM = 16;
export const ANCHOR_FLY_MS = 800;

const POPUP_PREFIX = 'anchor-';

export interface AnchorsLayerProps {
  anchors: readonly MapAnchor[];
  /** The anchor whose popup is open; the map flies to it when this changes. */
  selectedId?: number | null;
  /** A marker was clicked (id), or its popup was closed (null). */
  onSelect?: (id: number | null) => void;
}

function AnchorPopup({ anchor }: { anchor: MapAnchor }) {
  return (
    <Stack gap={2} data-testid="anchor-popup">
      <Text fw={600} size="sm">
        {anchor.name}
      </Text>
      <Text size="xs">Serial {anchor.serial}</Text>
      {anchor.address && <Text size="xs">{anchor.address}</Text>}
      <Text size="xs" c="dimmed">
        Radius {formatFeet(anchor.radius)}
      </Text>
    </Stack>
  );
}

/**
 * BLE anchors as markers with their radius (feet) drawn to scale; clustered at radius 30 in
 * cluster mode. Publishes data-anchors, data-anchor-markers and data-anchor-clusters.
 */
export function AnchorsLayer({ anchors, selectedId = null, onSelect }: AnchorsLayerProps) {
  const { map, mode, showPopup, popupKey, setStat } = useFleetMap();
  const [ids] = useState(() => {
    const base = nextLayerId('anchors');
    return { source: base, clusters: `${base}-clusters`, points: `${base}-points` };
  });
  const cluster = mode === 'cluster';
  const [sourceVersion, setSourceVersion] = useState(0);
  useLegendSection('anchors');

  const areas = useMemo(
    (): GeoJSON.FeatureCollection => ({
      type: 'FeatureCollection',
      features: anchors.map((a) => ({
        type: 'Feature',
        geometry: circlePolygon(a.lng, a.lat, (a.radius * FEET_TO_METRES) / 1000),
        properties: { id: a.id },
      })),
    }),
    [anchors],
  );
  useAreaLayer('anchor-areas', ANCHOR_HEX, 0.15, areas);

  useEffect(() => {
    map.addSource(ids.source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      cluster,
      clusterRadius: ANCHOR_CLUSTER_RADIUS,
      clusterMaxZoom: ANCHOR_FLY_ZOOM - 1,
    });
    map.addLayer({
      id: ids.clusters,
      type: 'circle',
      source: ids.source,
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': ANCHOR_HEX,
        'circle-opacity': 0.85,
        'circle-radius': ['step', ['get', 'point_count'], 14, 10, 17, 100, 21],
        'circle-stroke-width': 3,
        'circle-stroke-color': 'rgba(255,255,255,0.8)',
      },
    });
    map.addLayer({
      id: ids.points,
      type: 'circle',
      source: ids.source,
      filter: ['!', ['has', 'point_count']],
      paint: {
        'circle-radius': 7,
        'circle-color': ANCHOR_HEX,
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
      },
    });
    // Data effects must run again for the new source.
    queueMicrotask(() => setSourceVersion((v) => v + 1));
    return () => removeAll(map, [ids.clusters, ids.points], ids.source);
  }, [map, ids, cluster]);

  useEffect(() => {
    setSourceData(map, ids.source, {
      type: 'FeatureCollection',
      features: anchors.map((a) => ({
        type: 'Feature',
        id: a.id,
        geometry: { type: 'Point', coordinates: [a.lng, a.lat] },
        properties: { id: a.id },
      })),
    });
  }, [map, ids, anchors, sourceVersion]);

  // The selected anchor's marker is drawn larger.
  useEffect(() => {
    if (!map.getLayer(ids.points)) return;
    map.setPaintProperty(ids.points, 'circle-radius', [
      'case',
      ['==', ['get', 'id'], selectedId ?? -1],
      10,
      7,
    ]);
  }, [map, ids, selectedId, sourceVersion]);

  // sourceVersion: a new source (mode change) gets fresh labels and click handling.
  const onScreen = useCallback(
    () => renderedOnScreen(map, ids.clusters, ids.points),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [map, ids, sourceVersion],
  );
  const subscribe = useCallback((update: () => void) => onMapIdle(map, update), [map]);
  useClusterLabels(map, {
    onScreen,
    subscribe,
    noun: 'anchors',
    setStat,
    stats: { items: 'anchors', markers: 'anchor-markers', clusters: 'anchor-clusters' },
  });

  // Clicks: a marker selects its anchor, a cluster zooms in to where it splits.
  const hitAt = useCallback(
    (point: PointLike) => renderedHitAt(map, point, ids.clusters, ids.points),
    [map, ids],
  );
  const expansionZoom = useCallback(
    (clusterId: number) =>
      map.getSource<GeoJSONSource>(ids.source)?.getClusterExpansionZoom(clusterId),
    [map, ids],
  );
  useClusterClicks({ hitAt, onSelect, priority: 9, expansionZoom });

  const selected = useMemo(
    () => (selectedId === null ? undefined : anchors.find((a) => a.id === selectedId)),
    [anchors, selectedId],
  );

  // Fly to a newly picked anchor (from the list or a click), as the spec times it.
  const selectedLng = selected?.lng;
  const selectedLat = selected?.lat;
  useEffect(() => {
    if (selectedLng === undefined || selectedLat === undefined) return;
    map.flyTo({
      center: [selectedLng, selectedLat],
      zoom: ANCHOR_FLY_ZOOM,
      duration: ANCHOR_FLY_MS,
    });
  }, [map, selectedId, selectedLng, selectedLat]);

  // A layout effect: the popup opens in the render of the pick itself (see TrackersLayer).
  useLayoutEffect(() => {
    if (!selected) {
      if (popupKey?.startsWith(POPUP_PREFIX)) showPopup(null);
      return;
    }
    showPopup({
      key: `${POPUP_PREFIX}${selected.id}`,
      lngLat: [selected.lng, selected.lat],
      content: <AnchorPopup anchor={selected} />,
    });
    // popupKey is read to close only our own popup, not to reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, showPopup]);

  // Closing our popup (its ×, or a click on empty map) clears the selection.
  const previousPopupKey = useRef(popupKey);
  useEffect(() => {
    const was = previousPopupKey.current;
    previousPopupKey.current = popupKey;
    if (was?.startsWith(POPUP_PREFIX) && popupKey === null) onSelect?.(null);
  }, [popupKey, onSelect]);

  return null;
}
