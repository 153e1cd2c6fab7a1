import { useEffect, useMemo, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { formatSpeed, speedColour } from '@waymark/domain';
import { SPEED_HEX } from '../colours';
import { useFleetMap } from '../context';
import type { TrailPoint } from '../types';
import { trailPointZooms } from '../trailThinning';
import { nextLayerId, removeAll, setSourceData, useLegendSection } from '../useMapLayer';

/**
 * Spec 000 §2.4: the trail is drawn at zoom 6 or more. Its speed-coloured points are; its line
 * is drawn at every zoom, so a range framed below zoom 6 (a trip across states) still reads as
 * a path instead of an empty map (issue 16).
 */
export const TRAIL_MIN_ZOOM = 6;

/** performance.mark of a trail on screen, with `detail.points` (bench:details reads it). */
export const TRAIL_DRAWN_MARK = 'trail-drawn';

function TrailPopup({ point }: { point: TrailPoint }) {
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        {formatSpeed(point.speed)}
      </Text>
      <Text size="xs" c="dimmed">
        {dayjs(point.timestamp).format('MMM D, YYYY h:mm:ss A')} · {point.fix.toUpperCase()}
      </Text>
      {point.address && <Text size="xs">{point.address}</Text>}
    </Stack>
  );
}

/** A tracker's path: a line and points coloured by speedColour(); a click shows the speed. */
export function TrailLayer({ points }: { points: readonly TrailPoint[] }) {
  const { map, basemap, onSingleClick, showPopup, setStat } = useFleetMap();
  const [ids] = useState(() => {
    const base = nextLayerId('trail');
    return {
      line: `${base}-line`,
      lineSource: `${base}-path`,
      points: `${base}-points`,
      pointSource: base,
    };
  });
  useLegendSection('trail');
  const zooms = useMemo(() => trailPointZooms(points, TRAIL_MIN_ZOOM), [points]);

  useEffect(() => {
    const empty: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
    map.addSource(ids.lineSource, { type: 'geojson', data: empty });
    map.addSource(ids.pointSource, { type: 'geojson', data: empty });
    map.addLayer({
      id: ids.line,
      type: 'line',
      source: ids.lineSource,
      paint: { 'line-color': '#495057', 'line-width': 2, 'line-opacity': 0.6 },
    });
    map.addLayer({
      id: ids.points,
      type: 'circle',
      source: ids.pointSource,
      minzoom: TRAIL_MIN_ZOOM,
      // One point per square of the screen below the full zoom (trailThinning.ts).
      filter: ['>=', ['zoom'], ['get', 'z']],
      paint: {
        'circle-radius': 4,
        'circle-color': ['get', 'colour'],
        'circle-stroke-width': 1,
        'circle-stroke-color': '#ffffff',
      },
    });
    return () => {
      removeAll(map, [ids.points], ids.pointSource);
      removeAll(map, [ids.line], ids.lineSource);
    };
  }, [map, ids]);

  const satellite = basemap === 'satellite';
  useEffect(() => {
    setSourceData(map, ids.lineSource, {
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: points.map((p) => [p.lng, p.lat]) },
      properties: {},
    });
    setSourceData(map, ids.pointSource, {
      type: 'FeatureCollection',
      features: points.map((p, index) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
        properties: {
          index,
          colour: SPEED_HEX[speedColour(p.speed, satellite)],
          z: zooms[index],
        },
      })),
    });
    if (points.length === 0) return;
    // On screen once the map idles after the new data (rendered, nothing left to load).
    const drawn = () => performance.mark(TRAIL_DRAWN_MARK, { detail: { points: points.length } });
    map.once('idle', drawn);
    return () => {
      map.off('idle', drawn);
    };
  }, [map, ids, points, zooms, satellite]);

  // Test hooks: the line's features and the points MapLibre drew on screen, at rest.
  useEffect(() => {
    const publish = () => {
      if (!map.getLayer(ids.line) || !map.getLayer(ids.points)) return;
      setStat('trail-lines', map.queryRenderedFeatures({ layers: [ids.line] }).length);
      setStat('trail-points', map.queryRenderedFeatures({ layers: [ids.points] }).length);
    };
    map.on('idle', publish);
    return () => {
      map.off('idle', publish);
    };
  }, [map, ids, setStat]);

  useEffect(
    () =>
      onSingleClick((event) => {
        if (!map.getLayer(ids.points)) return false;
        const [hit] = map.queryRenderedFeatures(event.point, { layers: [ids.points] });
        const point = hit ? points[hit.properties.index as number] : undefined;
        if (!point) return false;
        showPopup({
          key: `trail-${point.timestamp}`,
          lngLat: [point.lng, point.lat],
          content: <TrailPopup point={point} />,
        });
        return true;
      }, 5),
    [map, ids, points, onSingleClick, showPopup],
  );

  return null;
}
