import type { StyleSpecification } from 'maplibre-gl';

/** The first retry of an unreachable street style, doubled after each miss up to the cap. */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;

async function fetchStyle(url: string): Promise<StyleSpecification | null> {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const style = (await response.json()) as Partial<StyleSpecification>;
    // A captive portal or an error page may answer 200: only a style counts.
    return style.version === 8 && Array.isArray(style.layers)
      ? (style as StyleSpecification)
      : null;
  } catch {
    return null;
  }
}

/**
 * Asks for the street style at `url` again in the background, after the bundled map stood in
 * for it: with back-off (5 s, 10 s, ... 5 min), and at once when the browser says it is back
 * online. Calls `onAnswer` with the style once it answers, then stops; the answer stops it too.
 */
export function retryStyle(url: string, onAnswer: (style: StyleSpecification) => void): () => void {
  let delay = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let asking = false;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void ask(), delay);
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  };
  const ask = async () => {
    if (stopped || asking) return;
    asking = true;
    const style = await fetchStyle(url);
    asking = false;
    if (stopped) return;
    if (!style) return later();
    stop();
    onAnswer(style);
  };
  function onOnline() {
    delay = FIRST_RETRY_MS;
    clearTimeout(timer);
    void ask();
  }

  window.addEventListener('online', onOnline);
  later();
  return stop;
}
