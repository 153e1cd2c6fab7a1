import { useEffect, useMemo, useState } from 'react';
import { Text } from '@mantine/core';
import { ROUTE_HEX } from '../colours';
import { useFleetMap } from '../context';
import type { RouteStop } from '../types';
import { nextLayerId, removeAll, setSourceData, useLegendSection } from '../useMapLayer';

/**
 * A shipment's planned route: a dashed line from its start to its end, and the ends that are
 * bare addresses as points (a click names them). The route is the straight line between the
 * two: the planned road route is not known to the app (no routing engine on the web side),
 * and the line says "from here to there" without pretending to be a road.
 */
export function PlannedRouteLayer({ from, to }: { from: RouteStop | null; to: RouteStop | null }) {
  const { map, onSingleClick, showPopup, setStat } = useFleetMap();
  const [ids] = useState(() => {
    const base = nextLayerId('route');
    return { source: base, line: `${base}-line`, ends: `${base}-ends` };
  });
  useLegendSection('route');

  useEffect(() => {
    map.addSource(ids.source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
    });
    map.addLayer({
      id: ids.line,
      type: 'line',
      source: ids.source,
      filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-cap': 'round' },
      paint: { 'line-color': ROUTE_HEX, 'line-width': 3, 'line-dasharray': [2, 2] },
    });
    map.addLayer({
      id: ids.ends,
      type: 'circle',
      source: ids.source,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-radius': 6,
        'circle-color': ROUTE_HEX,
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
      },
    });
    return () => removeAll(map, [ids.line, ids.ends], ids.source);
  }, [map, ids]);

  const ends = useMemo(() => [from, to].filter((s): s is RouteStop => s !== null), [from, to]);
  useEffect(() => {
    const features: GeoJSON.Feature[] = ends
      .filter((s) => s.point)
      .map((s) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: s.lngLat },
        properties: { name: s.name },
      }));
    if (from && to) {
      features.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: [from.lngLat, to.lngLat] },
        properties: {},
      });
    }
    setSourceData(map, ids.source, { type: 'FeatureCollection', features });
  }, [map, ids, ends, from, to]);

  // Test hooks: the route's line and end points MapLibre drew on screen, at rest.
  useEffect(() => {
    const publish = () => {
      if (!map.getLayer(ids.line) || !map.getLayer(ids.ends)) return;
      setStat('route-lines', map.queryRenderedFeatures({ layers: [ids.line] }).length);
      setStat('route-ends', map.queryRenderedFeatures({ layers: [ids.ends] }).length);
    };
    map.on('idle', publish);
    return () => {
      map.off('idle', publish);
    };
  }, [map, ids, setStat]);

  useEffect(
    () =>
      onSingleClick((event) => {
        if (!map.getLayer(ids.ends)) return false;
        const [hit] = map.queryRenderedFeatures(event.point, { layers: [ids.ends] });
        if (!hit) return false;
        const name = String(hit.properties.name);
        showPopup({
          key: `route-${name}`,
          lngLat: [event.lngLat.lng, event.lngLat.lat],
          content: (
            <Text fw={600} size="sm">
              {name}
            </Text>
          ),
        });
        return true;
      }, 3),
    [map, ids, onSingleClick, showPopup],
  );

  return null;
}
