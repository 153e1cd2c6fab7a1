import { useEffect, useMemo, useState } from 'react';
import { useFleetMap } from './context';
import { smallShapeMarker } from './smallShapes';
import { nextLayerId, removeAll, setSourceData } from './useMapLayer';

interface SmallShapeMarkers {
  /** Names the layer and the test hook, data-{name}-seen. */
  name: string;
  colour: string;
  /** The areas, each with an `id` property. */
  data: GeoJSON.FeatureCollection;
  /** The layer that draws the areas' fill. */
  fillLayer: string;
  enabled: boolean;
}

/**
 * Markers for the areas of `data` too small to see at the current zoom: a ring at the centre of
 * each, shown while the area is under MIN_SHAPE_PX across. A marker carries its area's
 * properties. While enabled, publishes data-{name}-seen: the areas a user can see on screen at
 * rest, each drawn at least MIN_SHAPE_PX across or marked, read from what MapLibre rendered.
 * Returns the marker layer's id (for clicks), or null when not enabled.
 */
export function useSmallShapeMarkers({
  name,
  colour,
  data,
  fillLayer,
  enabled,
}: SmallShapeMarkers): string | null {
  const { map, setStat } = useFleetMap();
  const [ids] = useState(() => {
    const base = nextLayerId(`${name}-markers`);
    return { source: base, layer: `${base}-ring` };
  });

  const { markers, visibleFrom } = useMemo(() => {
    const features: GeoJSON.Feature[] = [];
    const from = new Map<unknown, number>();
    for (const f of data.features) {
      const g = f.geometry;
      if (g.type !== 'Polygon' && g.type !== 'MultiPolygon') continue;
      const marker = smallShapeMarker(g);
      if (!marker) continue;
      from.set(f.properties?.id, marker.visibleFrom);
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: marker.centre },
        properties: { ...f.properties, visibleFrom: marker.visibleFrom },
      });
    }
    const collection: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features };
    return { markers: collection, visibleFrom: from };
  }, [data]);

  useEffect(() => {
    if (!enabled) return;
    map.addSource(ids.source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
    });
    map.addLayer({
      id: ids.layer,
      type: 'circle',
      source: ids.source,
      // MapLibre reads the zoom of a filter at whole zoom levels (the tile's), so a marker may
      // stay up to one level longer, over an area up to twice MIN_SHAPE_PX: never a gap.
      filter: ['<', ['zoom'], ['get', 'visibleFrom']],
      paint: {
        'circle-radius': 7,
        'circle-color': colour,
        'circle-opacity': 0.25,
        'circle-stroke-width': 3,
        'circle-stroke-color': colour,
      },
    });
    return () => removeAll(map, [ids.layer], ids.source);
  }, [map, ids, colour, enabled]);

  useEffect(() => {
    if (enabled) setSourceData(map, ids.source, markers);
  }, [map, ids, markers, enabled]);

  useEffect(() => {
    if (!enabled) return;
    const publish = () => {
      if (!map.getLayer(ids.layer) || !map.getLayer(fillLayer)) return;
      const seen = new Set<unknown>();
      for (const f of map.queryRenderedFeatures({ layers: [ids.layer] })) seen.add(f.properties.id);
      const zoom = map.getZoom();
      for (const f of map.queryRenderedFeatures({ layers: [fillLayer] })) {
        if (zoom >= (visibleFrom.get(f.properties.id) ?? 0)) seen.add(f.properties.id);
      }
      setStat(`${name}-seen`, seen.size);
    };
    map.on('idle', publish);
    return () => {
      map.off('idle', publish);
    };
  }, [map, ids, name, fillLayer, visibleFrom, enabled, setStat]);

  return enabled ? ids.layer : null;
}
