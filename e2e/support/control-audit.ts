import { expect, type Page, type Request } from '@playwright/test';
import { installControlRecorder } from './control-recorder';

/**
 * Clicks every control on a screen and tells which did nothing a user could see (issue 16:
 * a control a role may not use is hidden, never a dead button). A click counts when the URL
 * changes, a dialog, menu or popover opens, the DOM changes, a request is sent, a file
 * downloads or a tab opens. Only the controls on the screen as it loads are clicked, not
 * those inside what a click opens: a confirmation is never confirmed.
 */

export interface ControlResult {
  control: string;
  /** What the click did; empty when it did nothing. */
  did: string[];
}

/** How long a click has to show an effect; a dead control is then tried once more, slower. */
const EFFECT_MS = 2_000;
const RETRY_EFFECT_MS = 5_000;
/** How long the screen is watched, untouched, to learn what changes by itself. */
const NOISE_MS = 1_000;
const LOAD_MS = 20_000;
/** The DOM is still when nothing has changed for this long. */
const QUIET_MS = 300;

/**
 * Prepares a page for auditing: the recorder in every document, and every write to the API
 * refused in the browser, so that a Save, Reset or Delete the audit clicks still shows that it
 * sent its request but changes nothing other tests read.
 */
export async function prepareForAudit(page: Page) {
  await page.addInitScript(installControlRecorder);
  await page.route('**/api/**', (route) =>
    ['GET', 'HEAD'].includes(route.request().method())
      ? route.fallback()
      : route.abort('blockedbyclient'),
  );
  // A window.confirm or alert is an effect too; it is dismissed, never accepted.
  page.on('dialog', (dialog) => void dialog.dismiss());
}

const pathOf = (url: string) => new URL(url).pathname;

const samePath = (page: Page, url: string) =>
  pathOf(page.url()) === pathOf(new URL(url, page.url()).href);

/** Waits until the screen has loaded: no request in flight, no spinner, the DOM still. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: LOAD_MS }).catch(() => undefined);
  await page
    .locator('.mantine-Loader-root:visible')
    .first()
    .waitFor({ state: 'detached', timeout: LOAD_MS })
    .catch(() => undefined);
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
      [QUIET_MS, LOAD_MS] as const,
    )
    .catch(() => undefined);
}

/**
 * Opens the screen fresh, waits until it has loaded and learns its noise, adding the paths it
 * requests by itself (polling) to `quietPaths`. False when the app sent the role elsewhere (a
 * guard's redirect).
 */
async function openScreen(page: Page, url: string, quietPaths: Set<string>): Promise<boolean> {
  const started = Date.now();
  await page.goto(url);
  await settle(page);
  if (process.env.AUDIT_DEBUG) console.log(stamp(), url, 'loaded in', Date.now() - started);
  if (!samePath(page, url)) return false;
  const learnQuiet = (request: Request) => quietPaths.add(pathOf(request.url()));
  page.on('request', learnQuiet);
  // Not a wait for something: a measurement of what changes with no one clicking.
  await page.evaluate(() => window.__controlAudit.learnNoise());
  await page.waitForTimeout(NOISE_MS);
  await page.evaluate(() => window.__controlAudit.arm());
  page.off('request', learnQuiet);
  return true;
}

/** Clicks the marked control and collects what it did within `ms`. */
async function clickAndWatch(page: Page, ms: number, quietPaths: Set<string>): Promise<string[]> {
  const did: string[] = [];
  const onRequest = (request: Request) => {
    const path = pathOf(request.url());
    // Calls to the API only: a chunk of code loading is nothing the user sees.
    if (path.startsWith('/api/') && !quietPaths.has(path)) {
      did.push(`request ${request.method()} ${path}`);
    }
  };
  const onDownload = () => did.push('download');
  const onPopup = (popup: Page) => {
    did.push(`new tab ${popup.url()}`);
    void popup.close();
  };
  const onDialog = () => did.push('browser dialog');
  const before = page.url();
  page.on('request', onRequest);
  page.on('download', onDownload);
  page.on('popup', onPopup);
  page.on('dialog', onDialog);
  try {
    await page.evaluate(() => window.__controlAudit.arm());
    await page.locator('[data-audit-target]').click({ timeout: 5_000 });
    const deadline = Date.now() + ms;
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
    did.push(`could not be clicked: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    page.off('request', onRequest);
    page.off('download', onDownload);
    page.off('popup', onPopup);
    page.off('dialog', onDialog);
  }
  return did;
}

const overlayOpen = (page: Page) =>
  page.evaluate(() => window.__controlAudit.overlayOpen()).catch(() => true);

/**
 * Undoes a click's effect cheaply: Escape closes what it opened, Back leaves the screen it
 * went to. Else (or if that fails) opens the screen again. Returns true when it did.
 */
async function restore(page: Page, url: string, quietPaths: Set<string>): Promise<boolean> {
  if (!samePath(page, url)) {
    await page.goBack().catch(() => undefined);
    if (samePath(page, url)) await settle(page);
  }
  if (samePath(page, url)) {
    for (let tries = 0; tries < 3 && (await overlayOpen(page)); tries++) {
      await page.keyboard.press('Escape');
      // Overlays close with a short transition.
      await expect
        .poll(() => overlayOpen(page), { timeout: 1_000 })
        .toBe(false)
        .catch(() => {});
    }
    if (!(await overlayOpen(page))) return false;
  }
  await openScreen(page, url, quietPaths);
  return true;
}

const stamp = () => new Date().toISOString().slice(14, 21);
const isDead = (did: string[]) => did.length === 0 || did[0]!.startsWith('could not');
const mark = (page: Page, key: string) => page.evaluate((k) => window.__controlAudit.mark(k), key);

/**
 * Clicks each control of the screen at `url` once. Null when the role cannot open the screen
 * (it was sent elsewhere); else one result per control, in document order.
 *
 * The screen is loaded again only when it must be: a control an earlier click hid (another
 * tab, a collapsed panel) waits for the next fresh load, and a control that seemed to do
 * nothing is tried once more on a fresh screen with more time.
 */
export async function auditScreen(page: Page, url: string): Promise<ControlResult[] | null> {
  const quietPaths = new Set<string>();
  if (!(await openScreen(page, url, quietPaths))) return null;
  const controls = await page.evaluate(() => window.__controlAudit.list());
  const did = new Map<string, string[]>();
  let fresh = true;
  let pending = controls.map((c) => c.key);
  const dead: string[] = [];
  while (pending.length > 0) {
    const later: string[] = [];
    for (const key of pending) {
      if (!(await mark(page, key))) {
        if (fresh) did.set(key, ['not there when the screen loads again (not clicked)']);
        else later.push(key);
        continue;
      }
      const effect = await clickAndWatch(page, EFFECT_MS, quietPaths);
      did.set(key, effect);
      if (isDead(effect)) dead.push(key);
      fresh = await restore(page, url, quietPaths);
      if (process.env.AUDIT_DEBUG) console.log(stamp(), url, key, effect.join('; ').slice(0, 160));
    }
    if (later.length > 0 && !fresh) {
      await openScreen(page, url, quietPaths);
      fresh = true;
    }
    pending = later;
  }
  for (const key of dead) {
    await openScreen(page, url, quietPaths);
    if (!(await mark(page, key))) continue;
    did.set(key, await clickAndWatch(page, RETRY_EFFECT_MS, quietPaths));
  }
  if (dead.length > 0) await openScreen(page, url, quietPaths);
  return controls.map(({ key, label }) => ({
    control: `${label} [${key}]`,
    did: did.get(key) ?? [],
  }));
}

/** The results that show a dead control: nothing happened, or it could not be clicked. */
export const deadControls = (results: ControlResult[]) => results.filter(({ did }) => isDead(did));
