import { expect, type Page, type Request } from '@playwright/test';
import { installControlRecorder } from './control-recorder';
import { openInApp } from './in-app-navigation';
import { networkQuiet, watchTraffic } from './network-quiet';

/**
 * Clicks every control on a screen and tells which did nothing a user could see (issue 16:
 * a control a role may not use is hidden, never a dead button). A click counts when the URL
 * changes, a dialog, menu or popover opens, the DOM changes, a request is sent, a file
 * downloads, a file chooser or a tab opens. Only the controls on the screen as it loads are
 * clicked, not those inside what a click opens: a confirmation is never confirmed.
 */

export interface ControlResult {
  control: string;
  /** What the click did; empty when it did nothing. */
  did: string[];
}

/**
 * How long a click has to show an effect, and how long the control may take to become
 * clickable; a dead control is then tried once more, slower, on a fresh screen (a busy
 * machine can keep a control animating or covered for longer than the first pass allows).
 */
const EFFECT_MS = 2_000;
const CLICK_MS = 1_500;
const RETRY_EFFECT_MS = 5_000;
const RETRY_CLICK_MS = 10_000;
/** How long the screen is watched, untouched, to learn what changes by itself. */
const NOISE_MS = 1_000;
const LOAD_MS = 20_000;
/** The DOM is still when nothing has changed for this long. */
const QUIET_MS = 300;
const STILL_MS = 3_000;

/**
 * Prepares a page for auditing: the recorder in every document, and every write to the API
 * refused in the browser, so that a Save, Reset or Delete the audit clicks still shows that it
 * sent its request but changes nothing other tests read.
 */
export async function prepareForAudit(page: Page) {
  watchTraffic(page);
  await page.addInitScript(installControlRecorder);
  await page.route('**/api/**', (route) =>
    ['GET', 'HEAD'].includes(route.request().method())
      ? route.fallback()
      : route.abort('blockedbyclient'),
  );
  // A window.confirm or alert is an effect too; it is dismissed, never accepted.
  page.on('dialog', (dialog) => void dialog.dismiss());
}

// A fixed base: after a Back the page may be at about:blank, against which a path is no URL.
const pathOf = (url: string) => new URL(url, 'http://audit.invalid').pathname;

const samePath = (page: Page, url: string) => pathOf(page.url()) === pathOf(url);

/** Waits until the screen has loaded: no request in flight and no spinner. */
async function loaded(page: Page) {
  await networkQuiet(page, LOAD_MS);
  await page
    .locator('.mantine-Loader-root:visible')
    .first()
    .waitFor({ state: 'detached', timeout: LOAD_MS })
    .catch(() => undefined);
}

/** Waits until nothing but the learnt noise has changed for a moment (at most a few seconds). */
async function still(page: Page) {
  await page
    .evaluate(
      ([quietMs, maxMs]) =>
        new Promise<void>((resolve) => {
          const audit = window.__controlAudit;
          const end = Date.now() + maxMs;
          audit.arm();
          let last = 0;
          let since = Date.now();
          const tick = () => {
            const n = audit.changes().length;
            if (n !== last) [last, since] = [n, Date.now()];
            if (Date.now() - since >= quietMs || Date.now() > end) resolve();
            else setTimeout(tick, 50);
          };
          tick();
        }),
      [QUIET_MS, STILL_MS] as const,
    )
    .catch(() => undefined);
}

/** What a screen does by itself, learnt on its first load and known on the next ones. */
interface Noise {
  learnt: boolean;
  /** Places in the DOM that change with no one clicking (control-recorder.ts). */
  changes: string[];
  /** Paths the screen requests by itself (polling). */
  paths: Set<string>;
}

/**
 * Opens the screen fresh and waits until it has loaded: inside the app where it can, else by
 * loading the app again. On its first load, watches it untouched for a moment to learn its
 * noise. False when the app sent the role elsewhere (a guard's redirect).
 */
async function openScreen(
  page: Page,
  url: string,
  noise: Noise,
  { load = false }: { load?: boolean } = {},
): Promise<boolean> {
  const inApp = !load && (await openInApp(page, url));
  if (!inApp) await page.goto(url);
  await loaded(page);
  // Sent elsewhere from inside the app: a click may have changed what a load resets (an
  // ended session in memory), so the load decides.
  if (inApp && !samePath(page, url)) {
    await page.goto(url);
    await loaded(page);
  }
  if (!samePath(page, url)) return false;
  await page.evaluate((known) => window.__controlAudit.learnNoise(known), noise.changes);
  if (!noise.learnt) {
    const learnPath = (request: Request) => noise.paths.add(pathOf(request.url()));
    page.on('request', learnPath);
    // Not a wait for something: a measurement of what changes with no one clicking.
    await page.waitForTimeout(NOISE_MS);
    page.off('request', learnPath);
    noise.changes = await page.evaluate(() => window.__controlAudit.noise());
    noise.learnt = true;
  }
  await page.evaluate(() => window.__controlAudit.arm());
  return true;
}

/** Clicks the marked control and collects what it did within `ms`. */
async function clickAndWatch(
  page: Page,
  key: string,
  noise: Noise,
  { effectMs, clickMs }: { effectMs: number; clickMs: number },
): Promise<string[]> {
  const did: string[] = [];
  const onRequest = (request: Request) => {
    const path = pathOf(request.url());
    // Calls to the API only: a chunk of code loading is nothing the user sees.
    if (path.startsWith('/api/') && !noise.paths.has(path)) {
      did.push(`request ${request.method()} ${path}`);
    }
  };
  const onDownload = () => did.push('download');
  const onPopup = (popup: Page) => {
    did.push(`new tab ${popup.url()}`);
    void popup.close();
  };
  const onDialog = () => did.push('browser dialog');
  // A file picker (Attach files): the chooser is the effect. Heard, it never opens natively.
  const onFileChooser = () => did.push('file chooser');
  const before = page.url();
  page.on('request', onRequest);
  page.on('download', onDownload);
  page.on('popup', onPopup);
  page.on('dialog', onDialog);
  page.on('filechooser', onFileChooser);
  try {
    await page.evaluate(() => window.__controlAudit.arm());
    const target = page.locator('[data-audit-target]');
    await target.click({ timeout: clickMs }).catch(async () => {
      // The screen drew the control again (a live update) after it was marked: mark it anew.
      await page.evaluate((k) => window.__controlAudit.mark(k), key);
      await target.click({ timeout: clickMs });
    });
    const deadline = Date.now() + effectMs;
    while (Date.now() < deadline) {
      if (page.url() !== before) did.push(`went to ${new URL(page.url()).pathname}`);
      const state = await page
        .evaluate(() => ({
          overlay: window.__controlAudit.overlayOpen(),
          changes: window.__controlAudit.changes(),
        }))
        // The click loaded another document: the URL check above says so.
        .catch(() => ({ overlay: false, changes: [] }));
      if (state.overlay) did.push('opened an overlay');
      if (state.changes.length > 0) did.push(`changed ${state.changes.slice(0, 3).join(', ')}`);
      if (did.length > 0) break;
      await page.waitForTimeout(100);
    }
  } catch (error) {
    did.length = 0;
    did.push(`could not be clicked: ${whyNotClicked(error as Error)}`);
  } finally {
    page.off('request', onRequest);
    page.off('download', onDownload);
    page.off('popup', onPopup);
    page.off('dialog', onDialog);
    page.off('filechooser', onFileChooser);
  }
  return did;
}

/** The error's first line and the last step of its call log ('… intercepts pointer events'). */
function whyNotClicked(error: Error) {
  const lines = error.message.split('\n').map((line) => line.trim());
  const steps = lines.filter((line) => line.startsWith('- '));
  return [lines[0], steps.at(-1)].filter(Boolean).join(' ');
}

const overlayOpen = (page: Page) =>
  page.evaluate(() => window.__controlAudit.overlayOpen()).catch(() => true);

/**
 * Undoes a click's effect cheaply: Escape closes what it opened, Back leaves the screen it
 * went to. Else (or if that fails) opens the screen again. Returns true when it did.
 */
async function restore(page: Page, url: string, noise: Noise): Promise<boolean> {
  if (!samePath(page, url)) {
    await page.goBack().catch(() => undefined);
    if (samePath(page, url)) {
      await loaded(page);
      await still(page);
    }
  }
  if (samePath(page, url)) {
    for (let tries = 0; tries < 3 && (await overlayOpen(page)); tries++) {
      await page.keyboard.press('Escape');
      // Overlays close with a short transition; asked every 50 ms, not at expect.poll's
      // default 100, 250, 500 ms steps, which made each closed overlay wait a third of a second.
      await expect
        .poll(() => overlayOpen(page), { timeout: 1_000, intervals: [50] })
        .toBe(false)
        .catch(() => {});
    }
    if (!(await overlayOpen(page))) return false;
  }
  await openScreen(page, url, noise);
  return true;
}

const isDead = (did: string[]) => did.length === 0 || did[0]!.startsWith('could not');
const mark = (page: Page, key: string) => page.evaluate((k) => window.__controlAudit.mark(k), key);

/**
 * Clicks each control of the screen at `url` once, the header's only when `shellAudited` (the
 * keys clicked on the role's earlier screens) does not hold them. Null when the role cannot
 * open the screen (it was sent elsewhere); else one result per control, in document order.
 *
 * The screen is loaded again only when it must be: a control an earlier click hid (another
 * tab, a collapsed panel) waits for the next fresh load, and a control that seemed to do
 * nothing is tried once more on a fresh screen with more time.
 */
export async function auditScreen(
  page: Page,
  url: string,
  shellAudited: Set<string> = new Set(),
): Promise<ControlResult[] | null> {
  const noise: Noise = { learnt: false, changes: [], paths: new Set() };
  if (!(await openScreen(page, url, noise))) return null;
  const controls = await page.evaluate(() => window.__controlAudit.list());
  const did = new Map<string, string[]>();
  // The header's controls are the same on every screen: clicked on the first one only.
  for (const c of controls) {
    if (c.shell && shellAudited.has(c.key)) did.set(c.key, ['audited on an earlier screen']);
  }
  controls.filter((c) => c.shell).forEach((c) => shellAudited.add(c.key));
  let fresh = true;
  let pending = controls.map((c) => c.key).filter((key) => !did.has(key));
  const dead: string[] = [];
  while (pending.length > 0) {
    const later: string[] = [];
    for (const key of pending) {
      if (!(await mark(page, key))) {
        if (fresh) did.set(key, ['not there when the screen loads again (not clicked)']);
        else later.push(key);
        continue;
      }
      const effect = await clickAndWatch(page, key, noise, {
        effectMs: EFFECT_MS,
        clickMs: CLICK_MS,
      });
      did.set(key, effect);
      if (isDead(effect)) dead.push(key);
      fresh = await restore(page, url, noise);
    }
    if (later.length > 0 && !fresh) {
      await openScreen(page, url, noise);
      fresh = true;
    }
    pending = later;
  }
  // The second try is the careful one: on a screen loaded in full, as a user's first visit.
  for (const key of dead) {
    await openScreen(page, url, noise, { load: true });
    await still(page);
    if (!(await mark(page, key))) continue;
    did.set(
      key,
      await clickAndWatch(page, key, noise, { effectMs: RETRY_EFFECT_MS, clickMs: RETRY_CLICK_MS }),
    );
  }
  if (dead.length > 0) await openScreen(page, url, noise);
  return controls.map(({ key, label }) => ({
    control: `${label} [${key}]`,
    did: did.get(key) ?? [],
  }));
}

/** The results that show a dead control: nothing happened, or it could not be clicked. */
export const deadControls = (results: ControlResult[]) => results.filter(({ did }) => isDead(did));
