import type { Page } from '@playwright/test';
import { openInApp } from '../../support/in-app-navigation';
import { watchTraffic } from '../../support/network-quiet';
import { layoutFaults, screenLoaded } from '../../support/overflow';
import {
  builtPaths,
  builtScreens,
  demoIds,
  publicDemoIds,
  type Screen,
} from '../../support/screens';
import { DEMO_PASSWORD, DEMO_USERS } from '../../support/users';
import { expect, test } from '../../support/test';

/**
 * Issue 35 item 13: every screen of the route table fits a phone (375×812) and a laptop
 * (1440×900) window: nothing sticks out sideways (a wide table scrolls inside its own box),
 * no button's label is cut and the Help tab covers no control. One page per user visits the
 * screens in turn, so the test costs a login and a load of the app per user, not one per screen.
 */

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];

// The one exception to the config's single budget, as in the control audit: a test visits a
// share of some thirty screens, each loading its data and its map.
test.describe.configure({ timeout: 300_000 });
const PARTS = 3;
const part = <T>(all: T[], k: number) => all.filter((_, i) => i % PARTS === k);

/** Opens each screen and returns its layout faults, each line starting with its URL. */
async function faultsOf(page: Page, screens: Screen[]): Promise<string[]> {
  const faults: string[] = [];
  watchTraffic(page);
  for (const { route, url } of screens) {
    if (!url) {
      faults.push(`/${route}: no demo object to open`);
      continue;
    }
    // As a user goes from screen to screen, and without booting the app again for each.
    if (!(await openInApp(page, url))) await page.goto(url);
    await screenLoaded(page);
    expect(new URL(page.url()).pathname, `${url} kept the session`).not.toBe('/login');
    faults.push(...(await layoutFaults(page)).map((fault) => `${url}: ${fault}`));
  }
  return faults;
}

interface AccountRef {
  id: number;
  title: string;
}

/** Keeps the page signed in as `token` in `accountId` on every load. */
async function pinSession(page: Page, token: string, accountId: number) {
  await page.addInitScript(
    (stored) => {
      localStorage.setItem('waymark.token', stored.token);
      localStorage.setItem('waymark.account', stored.account);
    },
    { token, account: String(accountId) },
  );
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}×${viewport.height}`;

  test.describe(`in a ${size} window`, () => {
    test.use({ viewport });

    for (let k = 0; k < PARTS; k++) {
      test(`the screens of an account admin fit (part ${k + 1} of ${PARTS})`, async ({
        page,
        signIn,
      }) => {
        const session = await signIn('admin');
        const ids = await demoIds(page, session.token, session.accountId);
        const screens = await builtScreens({ public: false }, ids);
        expect(await faultsOf(page, part(screens, k))).toEqual([]);
      });
    }

    test('the screens only a platform admin opens fit', async ({ page }) => {
      // root@demo.test belongs to no account, so the shared sign-in does not serve it.
      const login = await page.request.post('/api/token', {
        data: { email: 'root@demo.test', password: DEMO_PASSWORD },
      });
      const { token } = ((await login.json()) as { data: { token: string } }).data;
      const accounts = await page.request.get('/api/admin/accounts?query=Demo%20Logistics', {
        headers: { Authorization: `Bearer ${token}` },
      });
      const { data } = (await accounts.json()) as { data: AccountRef[] };
      const logistics = data.find((a) => a.title === 'Demo Logistics')!;
      await pinSession(page, token, logistics.id);
      const everyone = new Set(await builtPaths({ public: false }));
      const screens = (
        await builtScreens(
          { public: false, platformAdmin: true },
          await demoIds(page, token, logistics.id),
        )
      ).filter(({ route }) => !everyone.has(route));
      expect(screens.length, 'platform admin screens').toBeGreaterThan(0);
      expect(await faultsOf(page, screens)).toEqual([]);
    });

    test('the screens open without a login fit', async ({ page }) => {
      const ids = await publicDemoIds(page, DEMO_USERS.admin.email, DEMO_PASSWORD);
      expect(await faultsOf(page, await builtScreens({ public: true }, ids))).toEqual([]);
    });
  });
}

test.describe('in a 375×812 window', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("an order's invoice fits", async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/manage/orders');
    await page.getByRole('button', { name: 'View Invoice' }).first().click();
    const invoice = page.getByRole('dialog');
    await expect(invoice.getByText('Viewing Invoice for')).toBeVisible();
    await screenLoaded(page);
    expect(await layoutFaults(page)).toEqual([]);
  });
});

test.describe('in a 1440×900 window', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the trackers screen under the SIM banner fits its height: pager, page size and Scout in view', async ({
    page,
    signIn,
  }) => {
    await signIn('admin');
    await page.goto('/trackers');
    await expect(page.getByTestId('sim-banner')).toBeVisible();
    await screenLoaded(page);
    const scroller = await page.evaluate(() => {
      const element = document.scrollingElement ?? document.documentElement;
      return { height: element.scrollHeight, window: window.innerHeight };
    });
    expect(scroller.height, 'the page scrolls no further than its window').toBeLessThanOrEqual(
      scroller.window,
    );
    await expect(page.locator('.mantine-Pagination-root')).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('combobox', { name: 'Page size' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'New Chat' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'History' })).toBeInViewport({ ratio: 1 });
  });
});
