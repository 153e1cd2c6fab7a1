import { useMemo } from 'react';
import { AnchorsLayer, FleetMap, MapCamera, type MapAnchor } from '../../map';

/** The anchors screen's map: every anchor, clustered at radius 30. Loaded lazily. */
export function AnchorsMap({
  anchors,
  selectedId,
  onSelect,
}: {
  anchors: readonly MapAnchor[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}) {
  const points = useMemo(() => anchors.map((a): [number, number] => [a.lng, a.lat]), [anchors]);
  return (
    <FleetMap mode="cluster" aria-label="Anchors map">
      <AnchorsLayer anchors={anchors} selectedId={selectedId} onSelect={onSelect} />
      {/* Shows every anchor once they have loaded; later changes leave the camera alone. */}
      <MapCamera points={points} fitKey={points.length > 0 ? 'loaded' : 'empty'} />
    </FleetMap>
  );
}
