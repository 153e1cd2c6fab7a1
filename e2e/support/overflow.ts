import type { Page } from '@playwright/test';
import { networkQuiet } from './network-quiet';

/**
 * What a person sees go wrong when a screen does not fit its window (issue 35 item 13): the
 * page scrolls sideways, something sticks out past the window's edge, a button's label is
 * cut, or the Help tab lies over a control. Each fault names the element by a short CSS path,
 * so a failure says where to look.
 */

/** Waits until the screen has loaded: no request in flight and no spinner. */
export async function screenLoaded(page: Page) {
  // A screen that polls never goes idle; its spinners are then what tells it has loaded.
  await networkQuiet(page, 15_000);
  await page
    .locator('.mantine-Loader-root:visible, [aria-busy="true"]:visible')
    .first()
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => undefined);
}

/** The layout faults of the page as it is now, each a line naming the element. */
export function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    // Sub-pixel rounding and a border's half pixel are not an overflow a person sees.
    const SLACK = 1;

    const describe = (element: Element): string => {
      const parts: string[] = [];
      for (let el: Element | null = element; el && parts.length < 4; el = el.parentElement) {
        if (el === document.body) break;
        let part = el.tagName.toLowerCase();
        const testId = el.getAttribute('data-testid');
        if (el.id && !/^mantine-|^«|^:r/.test(el.id)) part += `#${el.id}`;
        // A module's hashed class (_header_3gvsp_7) is read without its hash.
        const classes = Array.from(el.classList)
          .filter((c) => !/^m_[0-9a-f]+$|^mantine-(focus|active)/.test(c))
          .map((c) => c.replace(/^_(.+)_[0-9a-z]{5}_\d+$/, '$1'))
          .slice(0, 2);
        if (classes.length) part += `.${classes.join('.')}`;
        if (testId) part += `[data-testid="${testId}"]`;
        parts.unshift(part);
      }
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `${parts.join(' > ')}${text ? ` ("${text}")` : ''}`;
    };

    const visible = (el: Element): boolean => {
      const rect = el.getBoundingClientRect();
      // Visually hidden text for screen readers is a 1 px box put anywhere.
      if (rect.width <= 1 || rect.height <= 1) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && Number(style.opacity) > 0;
    };

    /**
     * Whether an ancestor inside the window clips the element: what sticks out of that box
     * scrolls or hides inside it (a wide table in its scroll container).
     */
    const clipped = (el: Element): boolean => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const box = up.getBoundingClientRect();
        if (box.left >= -SLACK && box.right <= width + SLACK) return true;
      }
      return false;
    };

    /** The part of the element a person can see: its box cut by every ancestor that clips. */
    const shownBox = (el: Element) => {
      const r = el.getBoundingClientRect();
      let { left, right, top, bottom } = r;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        const box = up.getBoundingClientRect();
        if (style.overflowX !== 'visible')
          [left, right] = [Math.max(left, box.left), Math.min(right, box.right)];
        if (style.overflowY !== 'visible')
          [top, bottom] = [Math.max(top, box.top), Math.min(bottom, box.bottom)];
      }
      return { left, right, top, bottom };
    };

    const faults: string[] = [];
    // A screen that did not render would fit any window.
    if (!document.querySelector('#root *')) faults.push('the screen shows nothing');
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth > width + SLACK) {
      faults.push(`the page scrolls sideways: ${scroller.scrollWidth} px wide in ${width} px`);
    }

    const sticking = new Set<Element>();
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!visible(el)) continue;
      const rect = el.getBoundingClientRect();
      if (rect.left >= -SLACK && rect.right <= width + SLACK) continue;
      if (getComputedStyle(el).position === 'fixed' && rect.right <= 0) continue;
      if (clipped(el)) continue;
      // Only the outermost element that sticks out: its children follow it.
      let up = el.parentElement;
      while (up && !sticking.has(up)) up = up.parentElement;
      sticking.add(el);
      if (up) continue;
      faults.push(
        `${describe(el)} sticks out: ${Math.round(rect.left)}..${Math.round(rect.right)} px of ${width}`,
      );
    }

    for (const label of Array.from(document.querySelectorAll('.mantine-Button-label'))) {
      if (visible(label) && label.scrollWidth > label.clientWidth + SLACK) {
        faults.push(`${describe(label)} is cut: ${label.scrollWidth} px in ${label.clientWidth}`);
      }
    }

    // The Help tab is fixed on the right edge, above the page: it must lie over no control.
    const help = Array.from(document.querySelectorAll('button')).find(
      (b) => b.textContent?.trim() === 'Help' && getComputedStyle(b).position === 'fixed',
    );
    if (help) {
      const tab = help.getBoundingClientRect();
      const controls = document.querySelectorAll(
        'main :is(button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="checkbox"])',
      );
      for (const control of Array.from(controls)) {
        if (!visible(control)) continue;
        // A control scrolled out of its table's view is not under the tab: only what shows is.
        const r = shownBox(control);
        const overlaps =
          r.left < tab.right && r.right > tab.left && r.top < tab.bottom && r.bottom > tab.top;
        if (overlaps) faults.push(`the Help tab covers ${describe(control)}`);
      }
    }
    // A table's rows stick out alike: one line each, with how many.
    const counts = new Map<string, number>();
    for (const fault of faults) counts.set(fault, (counts.get(fault) ?? 0) + 1);
    return [...counts].map(([fault, n]) => (n > 1 ? `${fault} (×${n})` : fault));
  });
}
