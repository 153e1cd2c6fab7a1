/**
 * The in-page half of the control audit (support/control-audit.ts), added to every page with
 * `page.addInitScript(installControlRecorder)`. It runs in the browser, so it is one
 * self-contained function that imports nothing.
 *
 * It lists the controls a user can click (buttons, role=button, links drawn as buttons), one
 * per kind for repeated rows, under keys that stay the same when the screen is loaded again;
 * and it records what changes in the DOM after a click, leaving out what changes by itself
 * (live positions, clocks) and the tooltips a pointer shows on its way to a control.
 */

/** What the page exposes as `window.__controlAudit`. */
export interface ControlRecorder {
  /** The clickable controls on screen now, in document order; `shell` when in the header. */
  list(): { key: string; label: string; shell: boolean }[];
  /** Marks the control with this key as `data-audit-target`; false when it is not there. */
  mark(key: string): boolean;
  /** Starts learning what changes with no one clicking, knowing `known` already. */
  learnNoise(known: string[]): void;
  /** The noise learnt so far, to carry to the next load of the same screen. */
  noise(): string[];
  /** Forgets the changes so far; the next `changes()` reports only later ones. */
  arm(): void;
  /** Changes since `arm()` that are not noise, as short descriptions. */
  changes(): string[];
  /** True while a dialog, menu, listbox or popover is open. */
  overlayOpen(): boolean;
}

declare global {
  interface Window {
    __controlAudit: ControlRecorder;
  }
}

export function installControlRecorder() {
  const CONTROLS = [
    'button',
    '[role="button"]',
    'input[type="button"]',
    'input[type="submit"]',
    // Mantine buttons and icon buttons rendered as router links.
    'a[class*="Button-root"]',
    'a[class*="ActionIcon-root"]',
  ].join(',');
  const ROW = 'tr, [role="row"], [role="listitem"], li, [role="option"]';
  const LIST =
    'table, ul, ol, [role="table"], [role="grid"], [role="list"], [role="listbox"], [role="rowgroup"]';
  const OVERLAY =
    '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], .mantine-Popover-dropdown';
  const TOOLTIP = '[role="tooltip"], .mantine-Tooltip-tooltip';

  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  // The tab, page or link the user is on already is no control to try.
  const current = (el: Element) =>
    el.getAttribute('aria-selected') === 'true' ||
    (el.hasAttribute('aria-current') && el.getAttribute('aria-current') !== 'false');
  const enabled = (el: Element) =>
    !el.matches(':disabled, [aria-disabled="true"], [data-disabled]') &&
    !current(el) &&
    !el.closest('[inert], [aria-hidden="true"]');
  const labelOf = (el: Element) =>
    (
      el.getAttribute('aria-label') ??
      (el.textContent?.trim() ||
        el.getAttribute('title') ||
        el.getAttribute('data-testid') ||
        // No name at all: its markup, so the report still says which control it is.
        el.outerHTML.slice(0, 60))
    )
      .replace(/\s+/g, ' ')
      .slice(0, 80);

  /**
   * Key of a control: its role and label, numbered when several share them; in a repeated
   * row (a list item, a table row) its place in the row instead, so every row's copy of a
   * control has the same key and the audit clicks it once.
   */
  const controls = () => {
    const all = Array.from(document.querySelectorAll(CONTROLS)).filter(
      // MapLibre's own zoom buttons are MapLibre's to test; ours on the map are kept.
      (el) => !el.parentElement?.closest(CONTROLS) && !el.closest('.maplibregl-ctrl'),
    );
    // A virtual list wraps each row in a box of its own: the list is the nearest list.
    const listOf = (row: Element) => row.parentElement?.closest(LIST) ?? row.parentElement;
    const rowLists = [
      ...new Set(all.map((el) => el.closest(ROW)).flatMap((row) => (row ? [listOf(row)] : []))),
    ];
    const seen = new Map<string, number>();
    const out: { key: string; label: string; el: Element }[] = [];
    for (const el of all) {
      const row = el.closest(ROW);
      let key: string;
      if (row) {
        const place = Array.from(row.querySelectorAll(CONTROLS)).indexOf(el);
        key = `row ${rowLists.indexOf(listOf(row))}.${place}`;
      } else {
        // Numbered siblings (a pager's pages) are one kind of control.
        const label = labelOf(el).replace(/^\d+$/, 'a number');
        const base = `${el.getAttribute('role') ?? el.tagName.toLowerCase()} "${label}"`;
        const n = label === 'a number' ? 1 : (seen.get(base) ?? 0) + 1;
        seen.set(base, n);
        key = n === 1 ? base : `${base} #${n}`;
      }
      if (!visible(el) || !enabled(el) || out.some((c) => c.key === key)) continue;
      out.push({ key, label: labelOf(el) || key, el });
    }
    return out;
  };

  // Changes are named by where they happen (a short path of tags and names), so what was
  // learnt as noise still applies to the same place after the screen is rendered again.
  const nameOf = (el: Element) => {
    const name = el.getAttribute('data-testid') ?? el.getAttribute('aria-label');
    return name ? `${el.tagName.toLowerCase()}[${name.slice(0, 30)}]` : el.tagName.toLowerCase();
  };
  const placeOf = (el: Element) => {
    const parts: string[] = [];
    for (let at: Element | null = el; at && parts.length < 4; at = at.parentElement) {
      parts.unshift(nameOf(at));
    }
    return parts.join('>');
  };
  const describe = (m: MutationRecord) => {
    const target = m.target instanceof Element ? m.target : m.target.parentElement;
    const where = target ? placeOf(target) : '?';
    return m.type === 'attributes' ? `${where} @${m.attributeName}` : `${where} ${m.type}`;
  };
  const isTooltip = (node: Node | null) => {
    const el = node instanceof Element ? node : node?.parentElement;
    return Boolean(el && (el.matches(TOOLTIP) || el.closest(TOOLTIP) || el.querySelector(TOOLTIP)));
  };
  const noise = new Set<string>();
  let learning = false;
  let recent: string[] = [];
  new MutationObserver((records) => {
    for (const m of records) {
      // The audit's own mark, and the link a tooltip makes to its target on hover.
      if (m.attributeName === 'data-audit-target' || m.attributeName === 'aria-describedby') {
        continue;
      }
      if (isTooltip(m.target)) continue;
      // React writes some attributes again with the value they have (an input's name on
      // every render): a render alone is no sign that anything changed.
      if (m.type === 'attributes' && m.target instanceof Element) {
        if (m.target.getAttribute(m.attributeName!) === m.oldValue) continue;
      }
      if (m.type === 'characterData' && m.target.textContent === m.oldValue) continue;
      if ([...Array.from(m.addedNodes), ...Array.from(m.removedNodes)].some(isTooltip)) continue;
      const change = describe(m);
      if (learning) noise.add(change);
      else if (!noise.has(change)) recent.push(change);
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeOldValue: true,
    characterData: true,
    characterDataOldValue: true,
  });

  window.__controlAudit = {
    list: () =>
      controls().map(({ key, label, el }) => ({
        key,
        label,
        shell: el.closest('header') !== null,
      })),
    mark(key) {
      document.querySelector('[data-audit-target]')?.removeAttribute('data-audit-target');
      const control = controls().find((c) => c.key === key);
      control?.el.setAttribute('data-audit-target', '');
      return control !== undefined;
    },
    learnNoise(known) {
      known.forEach((change) => noise.add(change));
      learning = true;
    },
    arm() {
      learning = false;
      recent = [];
    },
    noise: () => Array.from(noise),
    changes: () => recent.filter((c) => !noise.has(c)),
    overlayOpen: () => Array.from(document.querySelectorAll(OVERLAY)).some(visible),
  };
}
