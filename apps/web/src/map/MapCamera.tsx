import { useEffect, useMemo } from 'react';
import type { Map } from 'maplibre-gl';
import { useFleetMap } from './context';
import { boxOf, frameFit, framePadding, isPointBox, type LngLatBox } from './framing';

/** Spec 000 §9: fitting several points stops at zoom 12, a single point shows at 15. */
export const FIT_MAX_ZOOM = 12;
export const SINGLE_POINT_ZOOM = 15;
/** Close enough to see a yard's gates while drawing or reading one geofence. */
export const SHAPE_MAX_ZOOM = 16;

type Point = readonly [number, number];

/** Frames the box with framePadding(); a box without extent shows at the single-point zoom. */
function frame(map: Map, box: LngLatBox, maxZoom: number) {
  // A jump: a new object or range is a new subject, and a glide over unrelated places on the
  // way to it says nothing (the trackers layer jumps to an off-screen tracker for the same
  // reason). It also leaves the map at rest at once for whoever clicks on it next.
  if (isPointBox(box)) {
    map.jumpTo({ center: box[0], zoom: SINGLE_POINT_ZOOM });
    return;
  }
  const { clientWidth, clientHeight } = map.getContainer();
  map.fitBounds(box, { padding: framePadding(clientWidth, clientHeight), maxZoom, duration: 0 });
}

export interface MapCameraProps {
  /** [lng, lat] points of the data to frame; an empty list waits for data. */
  points: readonly Point[];
  /** The object or range shown: the camera frames the points once per key. */
  fitKey: string | number;
  /** The closest a frame of several points comes (default 12; one geofence 16). */
  maxZoom?: number;
}

/**
 * What the camera was last framed for. There is one map instance (sharedMap) and its camera
 * outlives screens, so this is module state: a screen that mounts its map again with the same
 * key (the List/Map switch on a phone) finds the camera where the user left it.
 */
let framedFor: string | number | null = null;
/** Frames made (a kept initial view counts), published as data-frames for browser tests. */
let frames = 0;

/**
 * Moves the camera to frame the data (README: framing): once per `fitKey`, as soon as there
 * are points, so a screen that loads its data after the map still frames it, and live updates
 * and refreshes (new points, same key) leave the user's camera alone. Keys name what is shown
 * (`tracker-7-range-2`, `group-3`), so two screens never share one.
 */
export function MapCamera({ points, fitKey, maxZoom = FIT_MAX_ZOOM }: MapCameraProps) {
  const { map, setStat } = useFleetMap();

  useEffect(() => {
    if (framedFor === fitKey) return;
    const box = boxOf(points);
    if (!box) return;
    framedFor = fitKey;
    frame(map, box, maxZoom);
    // Counted when the map comes to rest, so the hooks read with it (data-zoom, data-frame-*)
    // are the frame's. The repaint makes sure a rest follows when the camera did not move.
    map.once('idle', () => {
      frames += 1;
      setStat('frames', frames);
    });
    map.triggerRepaint();
  }, [map, fitKey, points, maxZoom, setStat]);

  // Test hooks: how the data sits in the view at rest, read from the map's own camera.
  const box = useMemo(() => boxOf(points), [points]);
  useEffect(() => {
    if (!box) return;
    const publish = () => {
      const [[west, south], [east, north]] = box;
      const corners = [map.project([west, north]), map.project([east, south])];
      const { clientWidth, clientHeight } = map.getContainer();
      const fit = frameFit(corners, clientWidth, clientHeight);
      setStat('frame-share', Math.round(fit.share * 100));
      setStat('frame-inside', fit.inside ? 1 : 0);
    };
    publish();
    map.on('idle', publish);
    return () => {
      map.off('idle', publish);
    };
  }, [map, box, setStat]);

  return null;
}
