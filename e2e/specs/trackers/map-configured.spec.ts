import type { Page } from '@playwright/test';
import { expect, expectSignedIn, test } from '../../support/test';
import { configuredUrl, mapAssetsUrl } from '../../support/servers';

const map = (page: Page) => page.getByTestId('fleet-map');

test.describe('an installation with its own map style and satellite imagery', () => {
  // The second server of support/start-servers.ts: MAP_STYLE_URL and SATELLITE_URL point at the
  // stand-in map services (support/map-assets-server.ts).
  test.use({ baseURL: configuredUrl });

  test('draws the trackers on the configured style and switches to satellite', async ({
    page,
    signIn,
  }) => {
    const bundledBasemap: string[] = [];
    page.on('request', (request) => {
      // The offline basemap's shapes, place names, water and label glyphs.
      if (/countries-50m|states-10m|\/basemap\//.test(request.url())) {
        bundledBasemap.push(request.url());
      }
    });
    const style = page.waitForResponse(`${mapAssetsUrl}/style.json`);
    await signIn('admin');
    await page.goto('/trackers');
    await expectSignedIn(page, 'admin');
    expect((await style).status()).toBe(200);
    await expect(map(page)).toHaveAttribute('data-ready', 'true');
    // Drawn as markers or clusters: which of them depends on where the still demo fleet stands
    // at this hour and how much of it the opening view holds (a narrow map beside Scout).
    await expect(map(page)).toHaveAttribute('data-trackers', /^[1-9]\d*$/);
    expect(bundledBasemap).toEqual([]);

    const baseLayer = page.getByRole('radiogroup', { name: 'Base layer' });
    await expect(baseLayer.getByRole('radio', { name: 'Map' })).toBeChecked();
    const tile = page.waitForResponse((r) => r.url().startsWith(`${mapAssetsUrl}/tiles/`));
    await baseLayer.getByText('Satellite').click();
    expect((await tile).status()).toBe(200);
    await expect(baseLayer.getByRole('radio', { name: 'Satellite' })).toBeChecked();
    // The trackers stay on top of the imagery.
    await expect(map(page)).toHaveAttribute('data-trackers', /^[1-9]\d*$/);
  });
});

test('without a satellite service the map offers no base layer choice', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await expect(map(page)).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('radiogroup', { name: 'Base layer' })).toHaveCount(0);
  await expect(page.getByText('Satellite', { exact: true })).toHaveCount(0);
});
