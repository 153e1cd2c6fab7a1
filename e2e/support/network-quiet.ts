import type { Page, Request } from '@playwright/test';

/**
 * Requests in flight on a page, counted from the moment it is watched, so that a screen opened
 * inside the app (no document load) can be waited on as Playwright's 'networkidle' waits on a
 * load: no request for `quietMs`. 'networkidle' itself is a load state, reached once per
 * document, so it returns at once after an in-app navigation.
 */
interface Traffic {
  inFlight: Set<Request>;
  lastChange: number;
}

const watched = new WeakMap<Page, Traffic>();

/** Starts counting the page's requests; call before the page loads anything. */
export function watchTraffic(page: Page) {
  if (watched.has(page)) return;
  const traffic: Traffic = { inFlight: new Set(), lastChange: Date.now() };
  page.on('request', (request) => {
    // A new document abandons what the old one had in flight, and an abandoned request is
    // not always reported as failed.
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      traffic.inFlight.clear();
    }
    traffic.inFlight.add(request);
    traffic.lastChange = Date.now();
  });
  const done = (request: Request) => {
    traffic.inFlight.delete(request);
    traffic.lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  watched.set(page, traffic);
}

const NETWORK_IDLE_MS = 500;

/**
 * Resolves when nothing has been in flight for 500 ms, or at `timeoutMs`: Playwright's
 * networkidle, which it is on a page not watched.
 */
export async function networkQuiet(page: Page, timeoutMs: number) {
  const traffic = watched.get(page);
  if (!traffic) {
    await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => undefined);
    return;
  }
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (traffic.inFlight.size === 0 && Date.now() - traffic.lastChange >= NETWORK_IDLE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
