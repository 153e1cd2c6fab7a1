/** Spec 000 §9: live moves reach the map at most every 200 ms (map redraw debounce). */
export const MAP_REDRAW_MS = 200;
