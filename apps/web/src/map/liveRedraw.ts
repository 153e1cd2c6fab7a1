/** Spec 000 §9: live moves reach the map at most every 200 ms (map redraw debounce). */
export const MAP_REDRAW_MS = 200;

/**
 * How often a page that clusters inside MapLibre can redraw live moves of `markers` markers:
 * sending the whole collection again costs the page a long task at 100,000 markers, so it
 * redraws less often (1 s per 100,000 markers, never under 200 ms). The trackers layer clusters
 * in its own worker instead; bench/map's bare MapLibre page redraws at this rate.
 */
export function liveRedrawMs(markers: number) {
  return Math.max(MAP_REDRAW_MS, Math.round(markers / 100));
}
