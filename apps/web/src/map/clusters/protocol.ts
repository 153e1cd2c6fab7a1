/**
 * Messages between the trackers layer and its clustering worker. Markers travel as typed
 * arrays (ids, longitudes, latitudes, colour indexes into `palette`), handed over without a
 * copy; only the clusters and markers of the current view come back, a few hundred features
 * however big the fleet.
 */
export interface MarkerArrays {
  ids: Int32Array;
  lng: Float64Array;
  lat: Float64Array;
  /** Index into the palette sent with `load`. */
  colour: Uint8Array;
}

export type ToClusterWorker =
  | ({ type: 'load'; generation: number; palette: string[] } & MarkerArrays)
  | ({ type: 'move'; palette: string[] } & MarkerArrays)
  | { type: 'view'; bbox: [number, number, number, number]; zoom: number }
  | { type: 'expand'; request: number; clusterId: number };

export type FromClusterWorker =
  | {
      type: 'view';
      /** The `load` whose markers this view shows. */
      generation: number;
      features: GeoJSON.Feature<GeoJSON.Point>[];
    }
  | { type: 'expand'; request: number; zoom: number };

/** Transferable buffers of a marker set, so postMessage moves them instead of copying. */
export const buffersOf = (m: MarkerArrays): ArrayBuffer[] =>
  [m.ids.buffer, m.lng.buffer, m.lat.buffer, m.colour.buffer] as ArrayBuffer[];
