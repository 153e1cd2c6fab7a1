import { useMemo } from 'react';
import { AnchorsLayer, FleetMap, MapCamera } from '../../../map';

/** The wizard's map: a click places the anchor, drawn with its radius to scale. */
export function LocationMap({
  point,
  radius,
  focusKey,
  onPick,
}: {
  point: [number, number] | null;
  radius: number;
  /** Changes when the map should move to the point (an address was picked). */
  focusKey: number;
  onPick: (lngLat: [number, number]) => void;
}) {
  const anchors = useMemo(
    () =>
      point
        ? [
            {
              id: 0,
              name: 'New anchor',
              serial: '',
              address: null,
              lng: point[0],
              lat: point[1],
              radius,
            },
          ]
        : [],
    [point, radius],
  );
  return (
    <FleetMap mode="single" legend={false} onClick={onPick} aria-label="Anchor location map">
      <AnchorsLayer anchors={anchors} />
      <MapCamera points={point ? [point] : []} fitKey={focusKey} />
    </FleetMap>
  );
}
