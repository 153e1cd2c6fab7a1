import { createContext, useContext, type ReactNode } from 'react';
import type { Map, MapMouseEvent } from 'maplibre-gl';
import type { Basemap, MapMode } from './types';

/** Returns true when the click was about this handler's features, which stops the others. */
export type MapClickHandler = (event: MapMouseEvent) => boolean;

export type LegendSection =
  | 'trackers'
  | 'trail'
  | 'stops'
  | 'accuracy'
  | 'geofences'
  | 'anchors'
  | 'shipments'
  | 'route'
  | 'shipment';

export interface FleetMapApi {
  map: Map;
  mode: MapMode;
  basemap: Basemap;
  /**
   * Registers a single-click handler (fired 200 ms after a click that no double click
   * followed). Higher priority runs first. Returns the unregister function.
   */
  onSingleClick(handler: MapClickHandler, priority?: number): () => void;
  /** Shows one popup at a time; null closes it. */
  showPopup(popup: { lngLat: [number, number]; content: ReactNode; key: string } | null): void;
  /** The key of the popup on screen, so a layer can keep its own popup up to date. */
  popupKey: string | null;
  /** Adds a section to the legend; returns the function that removes it. */
  addLegend(section: LegendSection): () => void;
  /** Publishes a number as data-{name} on the map container (read by browser tests). */
  setStat(name: string, value: number): void;
}

export const FleetMapContext = createContext<FleetMapApi | null>(null);

/** The shared map and its helpers; only inside <FleetMap>. */
export function useFleetMap(): FleetMapApi {
  const api = useContext(FleetMapContext);
  if (!api) throw new Error('useFleetMap() must be used inside <FleetMap>');
  return api;
}
