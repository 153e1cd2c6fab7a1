import { useEffect, useRef } from 'react';
import { useFleetMap } from './context';
import { framePadding } from './framing';

export interface FollowCameraProps {
  /** [lng, lat] of the tracker followed, its newest position; null while there is none. */
  point: readonly [number, number] | null;
}

/**
 * Follow mode: keeps a moving tracker in view as its positions arrive. The camera moves only
 * when a position leaves the framed middle of the view (framePadding's margins), so a tracker
 * creeping along does not make the map slide under the user at every report. The zoom stays
 * the user's. `data-follows` counts the moves, for tests.
 */
export function FollowCamera({ point }: FollowCameraProps) {
  const { map, setStat } = useFleetMap();
  const follows = useRef(0);
  const lng = point?.[0];
  const lat = point?.[1];

  useEffect(() => {
    if (lng === undefined || lat === undefined) return;
    const { clientWidth: width, clientHeight: height } = map.getContainer();
    const pad = framePadding(width, height);
    const at = map.project([lng, lat]);
    const inside =
      at.x >= pad.left &&
      at.x <= width - pad.right &&
      at.y >= pad.top &&
      at.y <= height - pad.bottom;
    if (inside) return;
    map.easeTo({ center: [lng, lat], duration: 400 });
    follows.current += 1;
    setStat('follows', follows.current);
  }, [map, lng, lat, setStat]);

  return null;
}
