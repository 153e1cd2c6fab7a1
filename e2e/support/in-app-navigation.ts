import type { Page } from '@playwright/test';

/**
 * Opens `url` in the app already loaded in the page, as the app's own links do: a history
 * entry the router hears. It goes by way of the 404 screen, outside the signed-in frame, so
 * the screen and the frame around it mount afresh as after a load. A load boots the whole app
 * again (its code parsed, config and session fetched, each map's WebGL set up), which took
 * the control audit most of its time on two shared cores.
 *
 * False, having done nothing, when the page holds no document of the app (before the first
 * load, or a click went to another origin or a blank page) or when the stored session is no longer the one the page
 * was loaded with (a click switched the account or ended the session): a load, which the
 * tests' init scripts pin to their session, is the fresh screen then.
 */
export async function openInApp(page: Page, url: string): Promise<boolean> {
  const loadedWith = sessions.get(page);
  const now = await storedSession(page);
  if (now === null || now !== loadedWith) {
    page.once('load', () => void storedSession(page).then((s) => sessions.set(page, s)));
    return false;
  }
  return page
    .evaluate(async (target) => {
      const go = (path: string) => {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
      };
      go('/404');
      // A load starts at the top of the page.
      scrollTo(0, 0);
      const end = Date.now() + 10_000;
      while (!document.body.innerText.includes('Looks like this page does not exist')) {
        if (Date.now() > end) return false;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      go(target);
      return true;
    }, url)
    .catch(() => false);
}

/** The session a page was loaded with, as its storage held it right after the load. */
const sessions = new WeakMap<Page, string | null>();

function storedSession(page: Page): Promise<string | null> {
  return page
    .evaluate(() =>
      document.getElementById('root') && location.protocol.startsWith('http')
        ? `${localStorage.getItem('waymark.token')}|${localStorage.getItem('waymark.account')}`
        : null,
    )
    .catch(() => null);
}
