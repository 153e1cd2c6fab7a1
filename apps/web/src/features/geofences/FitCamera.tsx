import { useEffect } from 'react';
import { LngLatBounds } from 'maplibre-gl';
import { useFleetMap } from '../../map';

/** Close enough to see a yard's gates while drawing or reading one geofence. */
export const SHAPE_MAX_ZOOM = 16;

/**
 * Fits the camera to the points when `fitKey` changes. Unlike MapCamera (max zoom 12 for
 * fleets) this comes close, since one geofence is drawn and read at street level.
 */
export function FitCamera({
  points,
  fitKey,
  maxZoom = SHAPE_MAX_ZOOM,
}: {
  points: readonly [number, number][];
  fitKey: string;
  maxZoom?: number;
}) {
  const { map } = useFleetMap();
  useEffect(() => {
    const [first] = points;
    if (!first) return;
    const bounds = new LngLatBounds(first, first);
    for (const p of points) bounds.extend(p);
    map.fitBounds(bounds, { padding: 48, maxZoom, duration: 0 });
    // Only a new fitKey moves the camera: live edits must not yank the view around.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, fitKey]);
  return null;
}
