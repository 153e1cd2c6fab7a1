import { useEffect, useState } from 'react';
import { useFleetMap } from '../context';
import { nextLayerId, removeAll, setSourceData } from '../useMapLayer';

/**
 * Fixes the server filtered (they cannot be true, so they move nothing), drawn greyed beside
 * the trail when the user asks to see them; not joined into the trail's line.
 */
export function FilteredFixesLayer({
  points,
}: {
  points: readonly { lat: number; lng: number }[];
}) {
  const { map, setStat } = useFleetMap();
  const [ids] = useState(() => {
    const base = nextLayerId('filtered-fixes');
    return { layer: base, source: base };
  });

  useEffect(() => {
    map.addSource(ids.source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
    });
    map.addLayer({
      id: ids.layer,
      type: 'circle',
      source: ids.source,
      paint: {
        'circle-radius': 4,
        'circle-color': '#adb5bd',
        'circle-opacity': 0.7,
        'circle-stroke-width': 1,
        'circle-stroke-color': '#868e96',
      },
    });
    return () => removeAll(map, [ids.layer], ids.source);
  }, [map, ids]);

  useEffect(() => {
    setSourceData(map, ids.source, {
      type: 'FeatureCollection',
      features: points.map((p) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
        properties: {},
      })),
    });
    setStat('filtered-fixes', points.length);
  }, [map, ids, points, setStat]);

  return null;
}
