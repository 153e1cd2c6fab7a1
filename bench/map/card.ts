import type { Locator, Page } from 'playwright-core';

export interface CardTiming {
  /** pointerdown → the card's name painted. */
  ms: number;
  /** Whether the painted name lay inside the map's box (off screen counts as not opened). */
  onScreen: boolean;
}

/**
 * Clicks `trigger` and times, in the page, from pointerdown until the card's name
 * (`[elementtiming="tracker-card"]` holding `name`) is painted, as the Element Timing API
 * reports it: the render time of the frame that first shows it, whatever the page did before
 * (a MapLibre frame drawn on SwiftShader included). Also notes whether the name was painted
 * inside `mapSelector`'s box: a popup still off screen while the camera travels is not a card
 * the user sees.
 */
export async function openCard(page: Page, trigger: Locator, name: string, mapSelector: string) {
  await page.evaluate(
    ({ cardName, mapSelector }) => {
      const w = window as unknown as { __card?: Promise<CardTiming> };
      w.__card = new Promise<CardTiming>((resolve) => {
        let start: number | undefined;
        document.addEventListener(
          'pointerdown',
          () => {
            start = performance.now();
            performance.mark('card-click');
          },
          { capture: true, once: true },
        );
        type ElementTiming = PerformanceEntry & {
          identifier: string;
          element: Element | null;
          renderTime: number;
          intersectionRect: DOMRectReadOnly;
        };
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as ElementTiming[]) {
            if (start === undefined || entry.identifier !== 'tracker-card') continue;
            if (!entry.element?.textContent?.includes(cardName)) continue;
            observer.disconnect();
            const c = entry.intersectionRect;
            const m = document.querySelector(mapSelector)!.getBoundingClientRect();
            const onScreen =
              c.width > 0 &&
              c.right > m.left &&
              c.left < m.right &&
              c.bottom > m.top &&
              c.top < m.bottom;
            resolve({ ms: entry.renderTime - start, onScreen });
          }
        });
        observer.observe({ type: 'element', buffered: false });
        // Never painted within 10 s: reported as such rather than hanging the run.
        setTimeout(() => {
          observer.disconnect();
          resolve({ ms: 10_000, onScreen: false });
        }, 10_000);
      });
    },
    { cardName: name, mapSelector },
  );
  // A user's pointer rests on the button before the click: the hover's own work (the row's
  // tooltip opening) happens then, not inside the timed click.
  await trigger.hover();
  await page.waitForTimeout(500);
  await trigger.click();
  return page.evaluate(() => (window as unknown as { __card: Promise<CardTiming> }).__card);
}
