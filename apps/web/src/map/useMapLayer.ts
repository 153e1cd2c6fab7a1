import { useEffect } from 'react';
import type { GeoJSONSource, Map } from 'maplibre-gl';
import { useFleetMap, type LegendSection } from './context';

/** Adds this layer's legend section while the layer is mounted. */
export function useLegendSection(section: LegendSection) {
  const { addLegend } = useFleetMap();
  useEffect(() => addLegend(section), [addLegend, section]);
}

/** Removes layers (top first) and then the source, if they are still there. */
export function removeAll(map: Map, layerIds: string[], sourceId: string) {
  for (const id of [...layerIds].reverse()) if (map.getLayer(id)) map.removeLayer(id);
  if (map.getSource(sourceId)) map.removeSource(sourceId);
}

export function setSourceData(map: Map, sourceId: string, data: GeoJSON.GeoJSON) {
  map.getSource<GeoJSONSource>(sourceId)?.setData(data);
}

let counter = 0;
/** A prefix for source and layer ids, unique per mounted layer component. */
export function nextLayerId(name: string) {
  counter += 1;
  return `${name}-${counter}`;
}
