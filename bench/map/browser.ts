import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startCpuProfile } from './cpu-profile';

// PITFALLS.md: Debian's Chromium, WebGL on SwiftShader.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
];

/** Headless Chromium as the browser benches run it (CHROMIUM_PATH, else Debian's). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A fresh context (cold cache), signed in to the web app as `session` when given. */
export async function benchContext(
  browser: Browser,
  viewport: { width: number; height: number },
  session?: { token: string; accountId: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  // tsx compiles the functions handed to page.evaluate with esbuild's __name() helper.
  await context.addInitScript('window.__name = (f) => f;');
  if (session) {
    await context.addInitScript(
      ([token, accountId]) => {
        localStorage.setItem('waymark.token', token);
        localStorage.setItem('waymark.account', accountId);
      },
      [session.token, String(session.accountId)] as const,
    );
  }
  return context;
}

/** How long a page may take to set the mark it is timed by (100,000 trackers on SwiftShader). */
const MARK_TIMEOUT_MS = 240_000;

/**
 * Milliseconds from navigation start to a performance mark the page sets; with `profileFile`,
 * a CPU profile of the page from navigation to the mark (the BENCH_PROFILE_LOAD variables).
 */
export async function timeToMark(page: Page, url: string, mark: string, profileFile?: string) {
  const stopProfile = await startCpuProfile(page, profileFile);
  await page.goto(url);
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, {
    timeout: MARK_TIMEOUT_MS,
    polling: 100,
  });
  await stopProfile();
  return page.evaluate((name) => performance.getEntriesByName(name)[0]!.startTime, mark);
}

export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
