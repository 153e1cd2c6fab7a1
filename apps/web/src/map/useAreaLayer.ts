import { useEffect, useState } from 'react';
import { useFleetMap } from './context';
import { nextLayerId, removeAll, setSourceData } from './useMapLayer';

/**
 * A GeoJSON source drawn as filled, outlined areas (geofences, stops): adds the source and its
 * fill and line layers, keeps the data current, and removes them when the layer unmounts.
 * Returns the ids so the caller can hit-test the fill layer.
 */
export function useAreaLayer(
  name: string,
  colour: string,
  fillOpacity: number,
  data: GeoJSON.FeatureCollection,
) {
  const { map } = useFleetMap();
  const [ids] = useState(() => {
    const base = nextLayerId(name);
    return { source: base, fill: `${base}-fill`, line: `${base}-line` };
  });

  useEffect(() => {
    map.addSource(ids.source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
    });
    map.addLayer({
      id: ids.fill,
      type: 'fill',
      source: ids.source,
      paint: { 'fill-color': colour, 'fill-opacity': fillOpacity },
    });
    map.addLayer({
      id: ids.line,
      type: 'line',
      source: ids.source,
      paint: { 'line-color': colour, 'line-width': 2 },
    });
    return () => removeAll(map, [ids.fill, ids.line], ids.source);
  }, [map, ids, colour, fillOpacity]);

  useEffect(() => {
    setSourceData(map, ids.source, data);
  }, [map, ids, data]);

  return ids;
}
