import { useEffect } from 'react';

/** The shortcuts the `?` list shows (issue 37 §3), in its order. */
export const KEYBOARD_SHORTCUTS = [
  { keys: '/', does: 'Focus the search' },
  { keys: '?', does: 'Show the keyboard shortcuts' },
  { keys: 'Esc', does: 'Close a panel or dialog' },
] as const;

const FOCUS_SEARCH = 'waymark:focus-search';
const CLOSE_PANEL = 'waymark:close-panel';

/** True while the user types somewhere: shortcuts are letters there. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Asks the screen's search box to take the focus (the `/` key). */
export function requestSearchFocus() {
  window.dispatchEvent(new Event(FOCUS_SEARCH));
}

/** Asks the screen to close the panel it has open (Esc, when no dialog took it). */
export function requestPanelClose() {
  window.dispatchEvent(new Event(CLOSE_PANEL));
}

function useWindowEvent(name: string, handler: (() => void) | null) {
  useEffect(() => {
    if (!handler) return undefined;
    window.addEventListener(name, handler);
    return () => window.removeEventListener(name, handler);
  }, [name, handler]);
}

/** The search box that `/` focuses; null for a box that should not answer it. */
export const useSearchShortcut = (focus: (() => void) | null) =>
  useWindowEvent(FOCUS_SEARCH, focus);

/** What Esc closes on this screen (a marker's popup, a side panel). */
export const useCloseShortcut = (close: (() => void) | null) => useWindowEvent(CLOSE_PANEL, close);
