/** Spec 001 §4: the public toggle's change is sent about 600 ms after the last toggle. */
export const PUBLIC_TOGGLE_DELAY_MS = 600;

/** A sender of the last value pushed, once `delayMs` passed without another push. */
export interface LatestSender<T> {
  push(value: T): void;
  cancel(): void;
}

/**
 * Sends only the last of a burst of values, `delayMs` after it, and nothing when it equals
 * what the server already has (`current()` at that moment): toggling on and off again within
 * the delay sends no call at all.
 */
export function createLatestSender<T>(
  delayMs: number,
  current: () => T,
  send: (value: T) => void,
): LatestSender<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    push(value) {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        if (value !== current()) send(value);
      }, delayMs);
    },
    cancel,
  };
}
