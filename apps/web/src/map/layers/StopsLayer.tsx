import { useEffect, useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { STOP_HEX } from '../colours';
import { useFleetMap } from '../context';
import { circlePolygon } from '../geometry';
import type { MapStop } from '../types';
import { useAreaLayer } from '../useAreaLayer';
import { useLegendSection } from '../useMapLayer';

/** Spec 000 §9: stops are drawn as circles of radius 0.1 km. */
export const STOP_RADIUS_KM = 0.1;

function StopPopup({ stop }: { stop: MapStop }) {
  const end = stop.end_time ? dayjs(stop.end_time) : null;
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        Stop
      </Text>
      {stop.address && <Text size="xs">{stop.address}</Text>}
      <Text size="xs" c="dimmed">
        {dayjs(stop.start_time).format('MMM D, YYYY h:mm A')} –{' '}
        {end ? end.format('MMM D, YYYY h:mm A') : 'now'}
      </Text>
    </Stack>
  );
}

/** A tracker's stops as 0.1 km circles; a click shows when and where. */
export function StopsLayer({ stops }: { stops: readonly MapStop[] }) {
  const { map, onSingleClick, showPopup } = useFleetMap();
  useLegendSection('stops');
  const data = useMemo(
    (): GeoJSON.FeatureCollection => ({
      type: 'FeatureCollection',
      features: stops.map((stop, index) => ({
        type: 'Feature',
        geometry: circlePolygon(stop.location[0], stop.location[1], STOP_RADIUS_KM),
        properties: { index },
      })),
    }),
    [stops],
  );
  const ids = useAreaLayer('stops', STOP_HEX, 0.2, data);

  useEffect(
    () =>
      onSingleClick((event) => {
        if (!map.getLayer(ids.fill)) return false;
        const [hit] = map.queryRenderedFeatures(event.point, { layers: [ids.fill] });
        const stop = hit ? stops[hit.properties.index as number] : undefined;
        if (!stop) return false;
        showPopup({
          key: `stop-${stop.start_time}`,
          lngLat: stop.location,
          content: <StopPopup stop={stop} />,
        });
        return true;
      }, 4),
    [map, ids, stops, onSingleClick, showPopup],
  );

  return null;
}
