import { chromium, type Browser, type BrowserContext } from 'playwright-core';

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
