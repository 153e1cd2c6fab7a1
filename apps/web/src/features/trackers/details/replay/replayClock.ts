import { useSyncExternalStore } from 'react';

/**
 * The replay's moment, outside React state: it changes every animation frame while playing, and
 * only the marker, the scrubber and the charts' cursor line read it, so the rest of the screen
 * does not render 60 times a second.
 */
export class ReplayClock {
  private time: number;
  private readonly listeners = new Set<() => void>();

  constructor(time: number) {
    this.time = time;
  }

  get = (): number => this.time;

  set(time: number) {
    if (time === this.time) return;
    this.time = time;
    this.listeners.forEach((listener) => listener());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** The replay's moment, re-rendering the caller when it moves. */
export function useReplayTime(clock: ReplayClock): number {
  return useSyncExternalStore(clock.subscribe, clock.get);
}
