import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { GeoJSONSource, PointLike } from 'maplibre-gl';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SHIPMENT_STATUS_LABELS } from '@waymark/domain';
import { CLUSTER_HEX, shipmentHex } from '../colours';
import { useFleetMap } from '../context';
import type { MapShipment } from '../types';
import { renderedHitAt, useClusterClicks } from '../useClusterClicks';
import { onMapIdle, renderedOnScreen, useClusterLabels } from '../useClusterLabels';
import { nextLayerId, removeAll, setSourceData, useLegendSection } from '../useMapLayer';
import { shipmentFeatures } from './shipmentFeatures';

/** The trackers' cluster radius: shipments sit on trackers, so they group alike. */
export const SHIPMENT_CLUSTER_RADIUS = 40;
/** Past this zoom every shipment is its own marker (two on one tracker then overlap). */
const CLUSTER_MAX_ZOOM = 14;

const POPUP_PREFIX = 'shipment-';

export interface ShipmentsLayerProps {
  shipments: readonly MapShipment[];
  /** The details page of a shipment, linked from its popup. */
  detailsPath: (id: number) => string;
}

function ShipmentPopup({ shipment, href }: { shipment: MapShipment; href: string }) {
  return (
    <Stack gap={2} data-testid="shipment-popup">
      <Anchor component={Link} to={href} fw={600} size="sm">
        {shipment.name}
      </Anchor>
      <Text size="xs" c={shipmentHex(shipment.status)} fw={600}>
        {SHIPMENT_STATUS_LABELS[shipment.status]}
      </Text>
    </Stack>
  );
}

/**
 * Shipments as markers coloured by status (spec 001 §4), clustered in cluster mode; a click on
 * a marker opens its popup (name linked to the details), on a cluster zooms in to where it
 * splits. A few hundred shipments at most, so MapLibre clusters them itself (the trackers'
 * worker and canvas are for 100,000 live markers). Publishes data-shipments,
 * data-shipment-markers and data-shipment-clusters.
 */
export function ShipmentsLayer({ shipments, detailsPath }: ShipmentsLayerProps) {
  const { map, mode, showPopup, popupKey, setStat } = useFleetMap();
  const [ids] = useState(() => {
    const base = nextLayerId('shipments');
    return { source: base, clusters: `${base}-clusters`, points: `${base}-points` };
  });
  const cluster = mode === 'cluster';
  const [sourceVersion, setSourceVersion] = useState(0);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  useLegendSection('shipments');

  useEffect(() => {
    map.addSource(ids.source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      cluster,
      clusterRadius: SHIPMENT_CLUSTER_RADIUS,
      clusterMaxZoom: CLUSTER_MAX_ZOOM,
    });
    map.addLayer({
      id: ids.clusters,
      type: 'circle',
      source: ids.source,
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': CLUSTER_HEX,
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
        'circle-radius': 8,
        'circle-color': ['get', 'colour'],
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
      },
    });
    // Data effects must run again for the new source.
    queueMicrotask(() => setSourceVersion((v) => v + 1));
    return () => removeAll(map, [ids.clusters, ids.points], ids.source);
  }, [map, ids, cluster]);

  useEffect(() => {
    setSourceData(map, ids.source, shipmentFeatures(shipments));
  }, [map, ids, shipments, sourceVersion]);

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
    noun: 'shipments',
    setStat,
    stats: { items: 'shipments', markers: 'shipment-markers', clusters: 'shipment-clusters' },
  });

  const hitAt = useCallback(
    (point: PointLike) => renderedHitAt(map, point, ids.clusters, ids.points),
    [map, ids],
  );
  const expansionZoom = useCallback(
    (clusterId: number) =>
      map.getSource<GeoJSONSource>(ids.source)?.getClusterExpansionZoom(clusterId),
    [map, ids],
  );
  useClusterClicks({ hitAt, onSelect: setSelectedId, priority: 8, expansionZoom });

  // A refresh or a filter that drops the shipment closes its popup.
  const selected = useMemo(
    () => (selectedId === null ? undefined : shipments.find((s) => s.id === selectedId)),
    [shipments, selectedId],
  );

  // A layout effect: the popup opens in the render of the click itself (see TrackersLayer).
  useLayoutEffect(() => {
    if (!selected) {
      if (popupKey?.startsWith(POPUP_PREFIX)) showPopup(null);
      return;
    }
    showPopup({
      key: `${POPUP_PREFIX}${selected.id}`,
      lngLat: [selected.lng, selected.lat],
      content: <ShipmentPopup shipment={selected} href={detailsPath(selected.id)} />,
    });
    // popupKey is read to close only our own popup, not to reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, showPopup, detailsPath]);

  // Closing our popup (its ×, or a click on empty map) clears the selection.
  const previousPopupKey = useRef(popupKey);
  useEffect(() => {
    const was = previousPopupKey.current;
    previousPopupKey.current = popupKey;
    if (was?.startsWith(POPUP_PREFIX) && popupKey === null) setSelectedId(null);
  }, [popupKey]);

  return null;
}
