import type { Page } from '@playwright/test';
import { configuredUrl, mapAssetsUrl } from '../../support/servers';
import { expect, test } from '../../support/test';

const map = (page: Page) => page.getByTestId('fleet-map');

test.describe('an installation whose street map style cannot be reached', () => {
  // The configured server names the stand-in style (support/map-assets-server.ts); here the
  // browser cannot reach it, as when the style's host is down or the network is offline.
  test.use({ baseURL: configuredUrl });

  test('shows the bundled map and says it is the offline one, whether the style fails or never answers', async ({
    page,
    signIn,
  }) => {
    await page.route(`${mapAssetsUrl}/style.json`, (route) => route.abort('internetdisconnected'));
    const bundled = page.waitForResponse((r) => /\/basemap\//.test(r.url()) && r.ok());
    await signIn('admin');
    await page.goto('/trackers');
    await expect(map(page)).toHaveAttribute('data-ready', 'true');
    await bundled;
    await expect(map(page).getByText('Offline map', { exact: true })).toBeVisible();

    // A host that takes the request and never answers: the app gives up on it by itself (its
    // few seconds' limit, sharedMap.ts) rather than waiting on the network. A fresh page, so
    // the map is made again.
    const hung = await page.context().newPage();
    await hung.route(`${mapAssetsUrl}/style.json`, () => {});
    await hung.goto('/trackers');
    await expect(map(hung)).toHaveAttribute('data-ready', 'true');
    await expect(map(hung).getByText('Offline map', { exact: true })).toBeVisible();
    await hung.close();
    await expect(map(page)).toHaveAttribute('data-trackers', /^[1-9]\d*$/);
  });

  test('shows no offline note while the style answers', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/trackers');
    await expect(map(page)).toHaveAttribute('data-ready', 'true');
    await expect(map(page).getByText('Offline map', { exact: true })).toHaveCount(0);
  });
});

test.describe('an installation whose street map style comes back after a fallback', () => {
  test.use({ baseURL: configuredUrl });

  test('switches back to the streets when the style answers, keeping what the map shows', async ({
    page,
    context,
    signIn,
  }) => {
    // The style's host is down when the page opens, and back a little later.
    let styleHostDown = true;
    await page.route(`${mapAssetsUrl}/style.json`, (route) =>
      styleHostDown ? route.abort('internetdisconnected') : route.continue(),
    );
    await signIn('manager');
    await page.goto('/geofences');
    await page.getByRole('link', { name: 'Chicago Depot' }).click();
    await expect(page.getByRole('heading', { name: 'Chicago Depot' })).toBeVisible();
    await expect(map(page).getByText('Offline map', { exact: true })).toBeVisible();
    await expect(map(page)).toHaveAttribute('data-basemap', 'bundled');
    await expect(map(page)).toHaveAttribute('data-geofences-seen', '1');

    styleHostDown = false;
    const style = page.waitForResponse(`${mapAssetsUrl}/style.json`);
    // The browser loses and regains its network: the style is asked for again at once
    // (without the 'online' event, the back-off asks within seconds too).
    await context.setOffline(true);
    await context.setOffline(false);
    expect((await style).status()).toBe(200);
    await expect(map(page)).toHaveAttribute('data-basemap', 'streets');
    await expect(map(page).getByText('Offline map', { exact: true })).toHaveCount(0);

    // The geofence is still drawn on the street map, read from what MapLibre renders now.
    const zoom = await map(page).getAttribute('data-zoom');
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(map(page)).not.toHaveAttribute('data-zoom', zoom ?? '');
    await expect(map(page)).toHaveAttribute('data-geofences-seen', '1');
  });
});
