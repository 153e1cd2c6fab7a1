import { useEffect } from 'react';
import { LngLatBounds } from 'maplibre-gl';
import { useFleetMap } from './context';

/** Spec 000 §9: fitting several points stops at zoom 12, a single point shows at 15. */
export const FIT_MAX_ZOOM = 12;
export const SINGLE_POINT_ZOOM = 15;

/**
 * Moves the camera to show these [lng, lat] points whenever `fitKey` changes (not on every
 * new array, so live updates do not yank the view away from the user).
 */
export function MapCamera({
  points,
  fitKey,
}: {
  points: readonly [number, number][];
  fitKey: string | number;
}) {
  const { map } = useFleetMap();
  useEffect(() => {
    if (points.length === 0) return;
    if (points.length === 1) {
      map.easeTo({ center: points[0], zoom: SINGLE_POINT_ZOOM });
      return;
    }
    const bounds = new LngLatBounds(points[0], points[0]);
    for (const p of points) bounds.extend(p);
    map.fitBounds(bounds, { padding: 48, maxZoom: FIT_MAX_ZOOM });
    // Only a new fitKey moves the camera, see above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, fitKey]);
  return null;
}
