import type { Page } from '@playwright/test';
import { configuredUrl, mapAssetsUrl } from '../../support/servers';
import { expect, test } from '../../support/test';

const map = (page: Page) => page.getByTestId('fleet-map');

test.describe('an installation whose street map style cannot be reached', () => {
  // The configured server names the stand-in style (support/map-assets-server.ts); here the
  // browser cannot reach it, as when the style's host is down or the network is offline.
  test.use({ baseURL: configuredUrl });

  test('shows the bundled map within seconds and says it is the offline one', async ({
    page,
    signIn,
  }) => {
    await page.route(`${mapAssetsUrl}/style.json`, (route) => route.abort('internetdisconnected'));
    const bundled = page.waitForResponse((r) => /\/basemap\//.test(r.url()) && r.ok());
    await signIn('admin');
    const started = Date.now();
    await page.goto('/trackers');
    await expect(map(page)).toHaveAttribute('data-ready', 'true', { timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    await bundled;
    await expect(map(page).getByText('Offline map', { exact: true })).toBeVisible();
    await expect(map(page)).toHaveAttribute('data-trackers', /^[1-9]\d*$/);
  });

  test('shows no offline note while the style answers', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/trackers');
    await expect(map(page)).toHaveAttribute('data-ready', 'true');
    await expect(map(page).getByText('Offline map', { exact: true })).toHaveCount(0);
  });
});
