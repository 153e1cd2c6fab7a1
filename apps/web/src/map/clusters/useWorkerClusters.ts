import { useCallback, useEffect, useRef } from 'react';
import type { Map } from 'maplibre-gl';
import {
  buffersOf,
  type FromClusterWorker,
  type MarkerArrays,
  type ToClusterWorker,
} from './protocol';

/** The view asked of the worker reaches this far past each edge, so a pan shows markers at once. */
const VIEW_MARGIN = 0.5;

export interface MarkerInput {
  id: number;
  lng: number;
  lat: number;
  colour: string;
}

export interface WorkerClusters {
  /** Replaces every marker; returns the generation number its views will carry. */
  load(markers: readonly MarkerInput[]): number;
  /** Moves some markers. */
  move(markers: readonly MarkerInput[]): void;
  /** The zoom at which a cluster splits. */
  expansionZoom(clusterId: number): Promise<number>;
}

/** The clusters and markers of the view (plus margins), for the markers of one `load`. */
export interface ClusterView {
  generation: number;
  features: GeoJSON.Feature<GeoJSON.Point>[];
}

function toArrays(markers: readonly MarkerInput[], palette: string[]): MarkerArrays {
  const n = markers.length;
  const arrays: MarkerArrays = {
    ids: new Int32Array(n),
    lng: new Float64Array(n),
    lat: new Float64Array(n),
    colour: new Uint8Array(n),
  };
  markers.forEach((m, i) => {
    let colour = palette.indexOf(m.colour);
    if (colour < 0) colour = palette.push(m.colour) - 1;
    arrays.ids[i] = m.id;
    arrays.lng[i] = m.lng;
    arrays.lat[i] = m.lat;
    arrays.colour[i] = colour;
  });
  return arrays;
}

type View = Extract<ToClusterWorker, { type: 'view' }>;

/**
 * The view to ask the worker for, or null when the last one asked still covers the map: same
 * clustering zoom, and the visible area inside its margins. Panning within the margins and
 * zooming between two whole levels then costs nothing.
 */
function nextView(map: Map, last: View | null): View | null {
  const view = viewOf(map);
  if (!last || Math.floor(last.zoom) !== Math.floor(view.zoom)) return view;
  const b = map.getBounds();
  const [west, south, east, north] = last.bbox;
  const inside =
    b.getWest() >= west && b.getEast() <= east && b.getSouth() >= south && b.getNorth() <= north;
  return inside ? null : view;
}

function viewOf(map: Map): View {
  const b = map.getBounds();
  const dx = (b.getEast() - b.getWest()) * VIEW_MARGIN;
  const dy = (b.getNorth() - b.getSouth()) * VIEW_MARGIN;
  return {
    type: 'view',
    bbox: [
      b.getWest() - dx,
      Math.max(-90, b.getSouth() - dy),
      b.getEast() + dx,
      Math.min(90, b.getNorth() + dy),
    ],
    zoom: map.getZoom(),
  };
}

/**
 * Clustered markers for a big fleet, with the clustering in a worker (clusterIndex.worker.ts):
 * the page hands over the markers once as typed arrays, then only live moves and the view; the
 * worker answers with the clusters and markers of the view (GeoJSON features with MapLibre's
 * cluster properties), handed to `onView`. Sending 100,000 markers to MapLibre again for each
 * live move is what this avoids.
 */
export function useWorkerClusters(
  map: Map,
  enabled: boolean,
  onView: (view: ClusterView) => void,
): WorkerClusters {
  const worker = useRef<Worker | null>(null);
  const palette = useRef<string[]>([]);
  const generation = useRef(0);
  const requests = useRef(new globalThis.Map<number, (zoom: number) => void>());
  const lastRequest = useRef(0);
  const asked = useRef<View | null>(null);
  const viewHandler = useRef(onView);
  useEffect(() => {
    viewHandler.current = onView;
  }, [onView]);

  useEffect(() => {
    if (!enabled) return;
    const waiting = requests.current;
    const w = new Worker(new URL('./clusterIndex.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    w.onmessage = (event: MessageEvent<FromClusterWorker>) => {
      const message = event.data;
      if (message.type === 'expand') {
        waiting.get(message.request)?.(message.zoom);
        waiting.delete(message.request);
        return;
      }
      viewHandler.current({ generation: message.generation, features: message.features });
    };
    // Ask for the view as the camera moves, at most once a frame, when it needs another.
    let frame: number | undefined;
    const onMove = () => {
      frame ??= requestAnimationFrame(() => {
        frame = undefined;
        const view = nextView(map, asked.current);
        if (!view) return;
        asked.current = view;
        w.postMessage(view);
      });
    };
    map.on('move', onMove);
    map.on('resize', onMove);
    asked.current = viewOf(map);
    w.postMessage(asked.current);
    return () => {
      map.off('move', onMove);
      map.off('resize', onMove);
      if (frame !== undefined) cancelAnimationFrame(frame);
      w.terminate();
      worker.current = null;
      waiting.clear();
    };
  }, [map, enabled]);

  const load = useCallback(
    (markers: readonly MarkerInput[]) => {
      generation.current += 1;
      const arrays = toArrays(markers, palette.current);
      const message: ToClusterWorker = {
        type: 'load',
        generation: generation.current,
        palette: [...palette.current],
        ...arrays,
      };
      worker.current?.postMessage(message, buffersOf(arrays));
      asked.current = viewOf(map);
      worker.current?.postMessage(asked.current);
      return generation.current;
    },
    [map],
  );

  const move = useCallback((markers: readonly MarkerInput[]) => {
    const arrays = toArrays(markers, palette.current);
    const message: ToClusterWorker = { type: 'move', palette: [...palette.current], ...arrays };
    worker.current?.postMessage(message, buffersOf(arrays));
  }, []);

  const expansionZoom = useCallback((clusterId: number) => {
    const request = (lastRequest.current += 1);
    return new Promise<number>((resolve) => {
      requests.current.set(request, resolve);
      worker.current?.postMessage({ type: 'expand', request, clusterId } satisfies ToClusterWorker);
    });
  }, []);

  return { load, move, expansionZoom };
}
