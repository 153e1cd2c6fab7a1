import { useEffect, useMemo } from 'react';
import { Text } from '@mantine/core';
import { GEOFENCE_HEX } from '../colours';
import { useFleetMap } from '../context';
import { circlePolygon } from '../geometry';
import type { MapGeofence } from '../types';
import { useAreaLayer } from '../useAreaLayer';
import { useLegendSection } from '../useMapLayer';
import { useSmallShapeMarkers } from '../useSmallShapeMarkers';

/** Spec 000 §3: a geofence circle's radius defaults to 0.1 (km). */
export const DEFAULT_GEOFENCE_RADIUS_KM = 0.1;

/** The shape of a geofence, or null for one without coordinates (dropped, spec 000 §3). */
export function geofenceGeometry(g: MapGeofence): GeoJSON.Polygon | GeoJSON.MultiPolygon | null {
  if (g.is_irregular && g.geo_json) return g.geo_json;
  if (g.lat === null || g.lng === null) return null;
  return circlePolygon(g.lng, g.lat, g.radius ?? DEFAULT_GEOFENCE_RADIUS_KM);
}

export interface GeofencesLayerProps {
  geofences: readonly MapGeofence[];
  /**
   * Where geofences are the subject (the geofence screens): a geofence too small to see at the
   * current zoom is drawn as a ring marker, and the map publishes data-geofences-seen.
   */
  markSmall?: boolean;
}

/** Geofences as outlined areas: circles (lat, lng, radius km) and polygons (geo_json). */
export function GeofencesLayer({ geofences, markSmall = false }: GeofencesLayerProps) {
  const { map, onSingleClick, showPopup, setStat } = useFleetMap();
  useLegendSection('geofences');
  const data = useMemo((): GeoJSON.FeatureCollection => {
    const features: GeoJSON.Feature[] = [];
    for (const g of geofences) {
      const geometry = geofenceGeometry(g);
      if (geometry)
        features.push({ type: 'Feature', geometry, properties: { id: g.id, name: g.name } });
    }
    return { type: 'FeatureCollection', features };
  }, [geofences]);
  const ids = useAreaLayer('geofences', GEOFENCE_HEX, 0.15, data);
  const markers = useSmallShapeMarkers({
    name: 'geofences',
    colour: GEOFENCE_HEX,
    data,
    fillLayer: ids.fill,
    enabled: markSmall,
  });
  useEffect(() => setStat('geofences', data.features.length), [data, setStat]);

  useEffect(
    () =>
      onSingleClick((event) => {
        if (!map.getLayer(ids.fill)) return false;
        const layers = markers && map.getLayer(markers) ? [markers, ids.fill] : [ids.fill];
        const [hit] = map.queryRenderedFeatures(event.point, { layers });
        if (!hit) return false;
        showPopup({
          key: `geofence-${String(hit.properties.id)}`,
          lngLat: [event.lngLat.lng, event.lngLat.lat],
          content: (
            <Text fw={600} size="sm">
              {String(hit.properties.name)}
            </Text>
          ),
        });
        return true;
      }, 1),
    [map, ids, markers, onSingleClick, showPopup],
  );

  return null;
}
