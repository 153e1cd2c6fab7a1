import { useSyncExternalStore } from 'react';
import type { CurrentPosition } from '@waymark/domain';

type Listener = (changed: readonly CurrentPosition[]) => void;

const later = (a: { timestamp: string }, b: { timestamp: string }) =>
  Date.parse(a.timestamp) >= Date.parse(b.timestamp);

/**
 * Positions that arrived over the realtime channel since the tracker list was fetched.
 *
 * At 100,000 trackers and 1,000 positions a second, writing each one into the cached list
 * (a new 100,000-item array per message) re-filtered the list and re-sent every marker to the
 * map. Instead positions collect here and are handed out once per animation frame as one batch:
 * the rows on screen and the map's markers update themselves from it; the list and its
 * filters take them in when they are recomputed anyway (see `withLive`).
 */
class LivePositionStore {
  private latest = new Map<number, CurrentPosition>();
  private pending = new Map<number, CurrentPosition>();
  private listeners = new Set<Listener>();
  private frame: number | null = null;

  /** A position from the channel; an older fix than the one held is ignored. */
  push(position: CurrentPosition) {
    const held = this.pending.get(position.device_id) ?? this.latest.get(position.device_id);
    if (held && !later(position, held)) return;
    this.pending.set(position.device_id, position);
    this.frame ??= requestAnimationFrame(() => this.flush());
  }

  private flush() {
    this.frame = null;
    if (this.pending.size === 0) return;
    const changed = [...this.pending.values()];
    this.pending.clear();
    for (const p of changed) this.latest.set(p.device_id, p);
    for (const listener of this.listeners) listener(changed);
  }

  /** The newest live position of a tracker, if one arrived. */
  get(deviceId: number): CurrentPosition | undefined {
    return this.latest.get(deviceId);
  }

  get size() {
    return this.latest.size;
  }

  /** Called with each batch of changed positions (at most once per animation frame). */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets everything (another account, or a logout). */
  clear() {
    this.latest.clear();
    this.pending.clear();
  }
}

export const livePositions = new LivePositionStore();

/** The fresher of a fetched position and the live one. */
export function freshest<P extends { timestamp: string }>(
  fetched: P | null,
  live: P | undefined,
): P | null {
  if (!live) return fetched;
  if (!fetched) return live;
  return later(live, fetched) ? live : fetched;
}

/**
 * The trackers with live positions put in: only trackers that moved become new objects, so a
 * memoised row of an unchanged tracker stays as it is.
 */
export function withLive<T extends { id: number; current_position: CurrentPosition | null }>(
  trackers: readonly T[],
): T[] {
  if (livePositions.size === 0) return trackers as T[];
  return trackers.map((t) => {
    const live = livePositions.get(t.id);
    const position = freshest(t.current_position, live);
    return position === t.current_position ? t : { ...t, current_position: position };
  });
}

/** A tracker's position, following live updates (for the few rows on screen). */
export function useLivePosition<P extends { timestamp: string }>(
  deviceId: number,
  fetched: P | null,
): P | CurrentPosition | null {
  const live = useSyncExternalStore(
    (onChange) =>
      livePositions.subscribe((changed) => {
        if (changed.some((p) => p.device_id === deviceId)) onChange();
      }),
    () => livePositions.get(deviceId),
  );
  return freshest<P | CurrentPosition>(fetched, live);
}
