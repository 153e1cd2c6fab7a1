import { useCallback, useEffect, useState } from 'react';
import { ReplayClock } from './replayClock';

/** The replay speeds offered (spec: 1× to 64×). */
export const REPLAY_SPEEDS = [1, 2, 4, 8, 16, 32, 64] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];
/**
 * Track time one second of 1× replay covers: a minute, so a day's drive at 1× takes 24 minutes
 * and at 64× under half a minute (real time would make a day's replay take a day).
 */
export const TRACK_MS_PER_SECOND_AT_1X = 60_000;

export interface ReplayWindow {
  start: number;
  end: number;
}

const clamp = (time: number, w: ReplayWindow) => Math.min(Math.max(time, w.start), w.end);

/**
 * The replay over a window of the range (the whole range, or one trip): its moment (a
 * ReplayClock), play and pause, a speed. Playing advances the moment every animation frame and
 * stops at the window's end.
 */
export function useReplay(range: ReplayWindow) {
  const [clock] = useState(() => new ReplayClock(range.start));
  const [window, setWindow] = useState<ReplayWindow>(range);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(16);

  // A new range (the user's choice, or a refresh moving its end) is the window again.
  useEffect(() => {
    setWindow(range);
    clock.set(clamp(clock.get(), range));
  }, [range, clock]);

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const next = Math.min(
        window.end,
        clock.get() + ((now - last) / 1000) * speed * TRACK_MS_PER_SECOND_AT_1X,
      );
      last = now;
      clock.set(next);
      if (next >= window.end) setPlaying(false);
      else frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, window, clock]);

  // A moment picked outside the trip being replayed (on a chart, the scrubber) leaves the trip.
  const seek = useCallback(
    (at: number) => {
      if (at < window.start || at > window.end) setWindow(range);
      clock.set(clamp(at, range));
    },
    [clock, window, range],
  );

  /** Replays one part of the range (a trip) from its start. */
  const replay = useCallback(
    (part: ReplayWindow) => {
      setWindow(part);
      clock.set(part.start);
      setPlaying(true);
    },
    [clock],
  );

  const play = useCallback(() => {
    // Played again at the end, the replay starts over.
    if (clock.get() >= window.end) clock.set(window.start);
    setPlaying(true);
  }, [clock, window]);

  return {
    clock,
    window,
    playing,
    speed,
    setSpeed,
    seek,
    replay,
    play,
    pause: useCallback(() => setPlaying(false), []),
  };
}

export type Replay = ReturnType<typeof useReplay>;
