import { useEffect, useMemo, useRef } from 'react';
import { Anchor, CloseButton, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { framePadding, useFleetMap } from '../../map';
import { useAreaLayer } from '../../map/useAreaLayer';
import { geofenceCreateHref } from '../geofences/navigation';
import { useScoutBridge, useScoutMap } from './scoutBridge';

/** Scout's colour on the map, apart from the geofences' own. */
const SCOUT_AREA_HEX = '#7048e8';
export const SAVE_AS_GEOFENCE = 'Save as a Geofence';

/** The box of a polygon's outer ring, for framing it. */
function ringBox(polygon: GeoJSON.Polygon): [[number, number], [number, number]] | null {
  const ring = polygon.coordinates[0] ?? [];
  if (ring.length === 0) return null;
  const lngs = ring.map((p) => p[0]!);
  const lats = ring.map((p) => p[1]!);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

/**
 * What Scout's map actions show on the trackers map (spec 000 §2.4): the camera moves where
 * ui_update_map asked, and the polygon of ui_add_polygon is drawn with a 'Save as a Geofence'
 * link to the geofence form, prefilled with the area.
 */
export function ScoutMapLayer() {
  const bridge = useScoutBridge();
  const { view, polygon } = useScoutMap(bridge);
  const { map, setStat } = useFleetMap();
  // The map is shared and outlives this layer: remember which request it already followed.
  const applied = useRef(0);

  useEffect(() => {
    if (!view || view.seq <= applied.current) return;
    applied.current = view.seq;
    const target = view.view;
    if (target.kind === 'point') {
      map.jumpTo({ center: [target.lng, target.lat], zoom: target.zoom });
    } else {
      const { clientWidth, clientHeight } = map.getContainer();
      map.fitBounds(target.box, {
        padding: framePadding(clientWidth, clientHeight),
        maxZoom: 15,
        duration: 0,
      });
    }
  }, [map, view]);

  const data = useMemo(
    (): GeoJSON.FeatureCollection => ({
      type: 'FeatureCollection',
      features: polygon
        ? [{ type: 'Feature', geometry: polygon.polygon, properties: { name: polygon.label } }]
        : [],
    }),
    [polygon],
  );
  useAreaLayer('scout-area', SCOUT_AREA_HEX, 0.2, data);
  useEffect(() => setStat('scout-polygons', data.features.length), [data, setStat]);

  // A new polygon is framed once, so the user sees what Scout drew.
  useEffect(() => {
    if (!polygon) return;
    const box = ringBox(polygon.polygon);
    if (!box) return;
    const { clientWidth, clientHeight } = map.getContainer();
    map.fitBounds(box, {
      padding: framePadding(clientWidth, clientHeight),
      maxZoom: 16,
      duration: 0,
    });
  }, [map, polygon]);

  if (!polygon || !bridge) return null;
  // The form's address is a labelled point: the area's centre, named as Scout named the area.
  const box = ringBox(polygon.polygon);
  const centre = box
    ? { lng: (box[0][0] + box[1][0]) / 2, lat: (box[0][1] + box[1][1]) / 2 }
    : undefined;
  return (
    <Paper
      pos="absolute"
      top={10}
      right={10}
      p="xs"
      shadow="sm"
      withBorder
      style={{ zIndex: 2, maxWidth: 260 }}
      role="region"
      aria-label="Area drawn by Scout"
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" fw={500} truncate>
          {polygon.label}
        </Text>
        <CloseButton
          size="sm"
          aria-label="Remove the area drawn by Scout"
          onClick={() => bridge.drawPolygon(null)}
        />
      </Group>
      <Anchor
        component={Link}
        size="sm"
        to={geofenceCreateHref({
          label: polygon.label,
          lat: centre?.lat,
          lng: centre?.lng,
          area: polygon.polygon,
        })}
      >
        {SAVE_AS_GEOFENCE}
      </Anchor>
    </Paper>
  );
}
