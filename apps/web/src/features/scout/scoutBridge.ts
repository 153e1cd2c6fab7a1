import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';

/** Where Scout asked the map to look: a point with a zoom, or a box to frame. */
export type ScoutView =
  | { kind: 'point'; lng: number; lat: number; zoom: number }
  | { kind: 'box'; box: [[number, number], [number, number]] };

/** A polygon Scout drew, offered as a geofence ('Save as a Geofence', spec 000 §2.4). */
export interface ScoutPolygon {
  polygon: GeoJSON.Polygon;
  label: string;
}

export interface ScoutMapState {
  /** Each request has its own number, so the map applies it once, even after remounting. */
  view: { seq: number; view: ScoutView } | null;
  polygon: ScoutPolygon | null;
}

/**
 * What Scout's action buttons change outside the chat (spec 001 §8: the ui_ tools are
 * forwarded as app events): the trackers list's filter, and the map's camera and drawn
 * polygon. Kept as state, not fired events, so a map that mounts later (a phone shows one
 * column at a time) still shows what was asked.
 */
export interface ScoutBridge {
  filterDevices(ids: number[]): void;
  showOnMap(view: ScoutView): void;
  drawPolygon(polygon: ScoutPolygon | null): void;
  getMap(): ScoutMapState;
  subscribe(listener: () => void): () => void;
}

export interface ScoutBridgeHandlers {
  onFilter: (ids: number[]) => void;
  /** A map action: phones switch to the map column. */
  onMapAction: () => void;
}

export function createScoutBridge(): ScoutBridge & {
  setHandlers(next: ScoutBridgeHandlers): void;
} {
  let handlers: ScoutBridgeHandlers = { onFilter: () => {}, onMapAction: () => {} };
  let state: ScoutMapState = { view: null, polygon: null };
  let seq = 0;
  const listeners = new Set<() => void>();
  const set = (next: ScoutMapState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    setHandlers(next) {
      handlers = next;
    },
    filterDevices: (ids) => handlers.onFilter(ids),
    showOnMap(view) {
      seq += 1;
      set({ ...state, view: { seq, view } });
      handlers.onMapAction();
    },
    drawPolygon(polygon) {
      set({ ...state, polygon });
      if (polygon) handlers.onMapAction();
    },
    getMap: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The bridge for the lifetime of the trackers screen, calling the latest handlers. */
export function useScoutBridgeStore(handlers: ScoutBridgeHandlers): ScoutBridge {
  const [bridge] = useState(createScoutBridge);
  useEffect(() => bridge.setHandlers(handlers));
  return bridge;
}

export const ScoutBridgeContext = createContext<ScoutBridge | null>(null);

/** Null outside the trackers screen: the action buttons then say what they cannot do. */
export function useScoutBridge(): ScoutBridge | null {
  return useContext(ScoutBridgeContext);
}

const NO_MAP: ScoutMapState = { view: null, polygon: null };
const noSubscribe = () => () => {};

export function useScoutMap(bridge: ScoutBridge | null): ScoutMapState {
  return useSyncExternalStore(bridge?.subscribe ?? noSubscribe, bridge?.getMap ?? (() => NO_MAP));
}
