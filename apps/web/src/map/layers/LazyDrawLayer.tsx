import { lazy, Suspense } from 'react';
import type { DrawLayerProps } from './DrawLayer';

const DrawLayerChunk = lazy(() => import('./DrawLayer').then((m) => ({ default: m.DrawLayer })));

/**
 * DrawLayer in a chunk of its own: terra-draw is about a tenth of the map's code and only the
 * geofence and anchor forms draw, so the trackers screen does not download or parse it.
 */
export function DrawLayer(props: DrawLayerProps) {
  return (
    <Suspense fallback={null}>
      <DrawLayerChunk {...props} />
    </Suspense>
  );
}
