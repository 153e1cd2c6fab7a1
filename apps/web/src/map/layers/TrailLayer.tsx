import { useEffect, useMemo, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { formatSpeed } from '@waymark/domain';
import { useFleetMap } from '../context';
import type { TrailColumns } from '../types';
import { trailLine, trailPointFeatures } from '../trailFeatures';
import { TRAIL_FULL_ZOOM, trailPointZooms } from '../trailThinning';
import { nextLayerId, removeAll, setSourceData, useLegendSection } from '../useMapLayer';

/**
 * Spec 000 §2.4: the trail is drawn at zoom 6 or more. Its speed-coloured points are; its line
 * is drawn at every zoom, so a range framed below zoom 6 (a trip across states) still reads as
 * a path instead of an empty map (issue 16).
 */
export const TRAIL_MIN_ZOOM = 6;

/** performance.mark of a trail on screen, with `detail.points` (bench:details reads it). */
export const TRAIL_DRAWN_MARK = 'trail-drawn';

function TrailPopup({ trail, index }: { trail: TrailColumns; index: number }) {
  const address = trail.address[index];
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        {formatSpeed(trail.speed[index] ?? null)}
      </Text>
      <Text size="xs" c="dimmed">
        {dayjs(trail.times[index]).format('MMM D, YYYY h:mm:ss A')} ·{' '}
        {trail.fix[index]!.toUpperCase()}
      </Text>
      {address && <Text size="xs">{address}</Text>}
    </Stack>
  );
}

/** A tracker's path: a line and points coloured by speedColour(); a click shows the speed. */
export function TrailLayer({ trail }: { trail: TrailColumns }) {
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
  const zooms = useMemo(() => trailPointZooms(trail, TRAIL_MIN_ZOOM), [trail]);

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
    setSourceData(map, ids.lineSource, trailLine(trail));
    // The points drawn at the zoom shown, and more each time the user zooms in past a whole
    // zoom (trailFeatures.ts); the camera framing the range comes after, in the same task.
    let sentUpTo = -1;
    const sendPoints = () => {
      const upTo = Math.min(TRAIL_FULL_ZOOM, Math.floor(map.getZoom()));
      if (upTo <= sentUpTo) return;
      sentUpTo = upTo;
      setSourceData(map, ids.pointSource, trailPointFeatures(trail, zooms, upTo, satellite));
    };
    sendPoints();
    map.on('zoom', sendPoints);
    const count = trail.times.length;
    // On screen once the map idles after the new data (rendered, nothing left to load).
    const drawn = () => performance.mark(TRAIL_DRAWN_MARK, { detail: { points: count } });
    if (count > 0) map.once('idle', drawn);
    return () => {
      map.off('zoom', sendPoints);
      map.off('idle', drawn);
    };
  }, [map, ids, trail, zooms, satellite]);

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
        const index = hit?.properties.index as number | undefined;
        if (index === undefined || index >= trail.times.length) return false;
        showPopup({
          key: `trail-${trail.times[index]}`,
          lngLat: [trail.lng[index]!, trail.lat[index]!],
          content: <TrailPopup trail={trail} index={index} />,
        });
        return true;
      }, 5),
    [map, ids, trail, onSingleClick, showPopup],
  );

  return null;
}
