import { useEffect, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { MarkerColour } from '@waymark/domain';
import { MARKER_HEX } from '../colours';
import { useFleetMap } from '../context';
import { nextLayerId, removeAll, setSourceData, useLegendSection } from '../useMapLayer';

/** Where a shipment's tracker is now. */
export interface ShipmentMarker {
  lng: number;
  lat: number;
  timestamp: string;
  address: string | null;
}

export interface ShipmentMarkerLayerProps {
  position: ShipmentMarker | null;
  /** The status's colour (SHIPMENT_MARKER_COLOURS, spec 001 §4). */
  colour: MarkerColour;
  /** The popup's title: the shipment's name. */
  title: string;
  /** The popup's second line: the status as words. */
  caption: string;
}

/**
 * A shipment's current position: one marker in its status's colour, above the route and the
 * path; a click shows the shipment, its status and when the tracker last reported.
 */
export function ShipmentMarkerLayer({
  position,
  colour,
  title,
  caption,
}: ShipmentMarkerLayerProps) {
  const { map, onSingleClick, showPopup, setStat } = useFleetMap();
  const [ids] = useState(() => {
    const base = nextLayerId('shipment-marker');
    return { source: base, circle: `${base}-circle` };
  });
  useLegendSection('shipment');

  useEffect(() => {
    map.addSource(ids.source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
    });
    map.addLayer({
      id: ids.circle,
      type: 'circle',
      source: ids.source,
      paint: {
        'circle-radius': 9,
        'circle-color': ['get', 'colour'],
        'circle-stroke-width': 3,
        'circle-stroke-color': '#ffffff',
      },
    });
    return () => removeAll(map, [ids.circle], ids.source);
  }, [map, ids]);

  useEffect(() => {
    setSourceData(map, ids.source, {
      type: 'FeatureCollection',
      features: position
        ? [
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [position.lng, position.lat] },
              properties: { colour: MARKER_HEX[colour] },
            },
          ]
        : [],
    });
  }, [map, ids, position, colour]);

  // Test hook: the marker MapLibre drew on screen, at rest (0 or 1).
  useEffect(() => {
    const publish = () => {
      if (!map.getLayer(ids.circle)) return;
      setStat('shipment-markers', map.queryRenderedFeatures({ layers: [ids.circle] }).length);
    };
    map.on('idle', publish);
    return () => {
      map.off('idle', publish);
    };
  }, [map, ids, setStat]);

  useEffect(
    () =>
      onSingleClick((event) => {
        if (!position || !map.getLayer(ids.circle)) return false;
        const [hit] = map.queryRenderedFeatures(event.point, { layers: [ids.circle] });
        if (!hit) return false;
        showPopup({
          key: `shipment-${title}`,
          lngLat: [position.lng, position.lat],
          content: (
            <Stack gap={2}>
              <Text fw={600} size="sm">
                {title}
              </Text>
              <Text size="xs">{caption}</Text>
              <Text size="xs" c="dimmed">
                Last report {dayjs(position.timestamp).format('MMM D, YYYY h:mm A')}
              </Text>
              {position.address && <Text size="xs">{position.address}</Text>}
            </Stack>
          ),
        });
        return true;
      }, 6),
    [map, ids, position, title, caption, onSingleClick, showPopup],
  );

  return null;
}
