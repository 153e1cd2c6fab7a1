/**
 * Whether a mouse button, finger or pen is down right now. Listened for once, in the capture
 * phase, so no element's handler can hide a press from it.
 */
let pressed = false;
if (typeof window !== 'undefined') {
  const release = () => {
    pressed = false;
  };
  window.addEventListener('pointerdown', () => (pressed = true), true);
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

/**
 * Runs `fn` once the press under way has ended, at once when there is none. A field's message
 * that appears as the field is left moves what is below it; shown while the button that took
 * the focus is still pressed, the button slides away from the pointer and its click is lost
 * (issue 35.24: the first click on Circle or Polygon did nothing). After the release, the
 * click has been dispatched.
 */
export function afterPointerRelease(fn: () => void) {
  if (!pressed) {
    fn();
    return;
  }
  const done = () => {
    window.removeEventListener('pointerup', done, true);
    window.removeEventListener('pointercancel', done, true);
    // The click follows the pointerup in the same task: the message comes after it.
    setTimeout(fn, 0);
  };
  window.addEventListener('pointerup', done, true);
  window.addEventListener('pointercancel', done, true);
}
