import { useEffect, useState } from 'react';
import { ACCURACY_HEX } from '../colours';
import { useFleetMap } from '../context';
import { accuracyCircles, type AccuracyInput } from '../geometry';
import { nextLayerId, removeAll, setSourceData, useLegendSection } from '../useMapLayer';

/**
 * Cell and WiFi accuracy circles (accuracy over 10 m, radius accuracy/1000 km), one per
 * 9-character geohash. Pass the current position and/or the trail's points.
 */
export function AccuracyLayer({ positions }: { positions: readonly AccuracyInput[] }) {
  const { map } = useFleetMap();
  const [ids] = useState(() => {
    const base = nextLayerId('accuracy');
    return { source: base, fill: `${base}-fill`, line: `${base}-line` };
  });
  useLegendSection('accuracy');
  const colour = ['match', ['get', 'fix'], 'cell', ACCURACY_HEX.cell, ACCURACY_HEX.wifi] as [
    'match',
    ...unknown[],
  ];

  useEffect(() => {
    map.addSource(ids.source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
    });
    map.addLayer({
      id: ids.fill,
      type: 'fill',
      source: ids.source,
      paint: { 'fill-color': colour as never, 'fill-opacity': 0.12 },
    });
    map.addLayer({
      id: ids.line,
      type: 'line',
      source: ids.source,
      paint: { 'line-color': colour as never, 'line-width': 1.5, 'line-opacity': 0.7 },
    });
    return () => removeAll(map, [ids.fill, ids.line], ids.source);
    // The paint expression is constant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, ids]);

  useEffect(() => {
    setSourceData(map, ids.source, {
      type: 'FeatureCollection',
      features: accuracyCircles(positions),
    });
  }, [map, ids, positions]);

  return null;
}
