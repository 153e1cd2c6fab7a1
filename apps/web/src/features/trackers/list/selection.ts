import { useState, useSyncExternalStore } from 'react';

/**
 * The tracker whose card is open on the map. Kept outside the screen's state: selecting one
 * then re-renders only the map, not the list, its toolbar and the 100,000-tracker screen around
 * them (spec bar: the card opens within 150 ms of the click).
 */
export interface TrackerSelection {
  get(): number | null;
  set(id: number | null): void;
  subscribe(listener: () => void): () => void;
}

function createSelection(): TrackerSelection {
  let selected: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => selected,
    set(id) {
      if (id === selected) return;
      selected = id;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A selection for the lifetime of the calling component. */
export function useTrackerSelectionStore(): TrackerSelection {
  const [selection] = useState(createSelection);
  return selection;
}

export function useSelectedTracker(selection: TrackerSelection): number | null {
  return useSyncExternalStore(selection.subscribe, selection.get);
}
