import type { Page } from '@playwright/test';
import { expect, expectSignedIn, test } from '../../support/test';

const map = (page: Page) => page.getByTestId('fleet-map');

/** data-places lists the names MapLibre placed on screen: drawn labels, not source data. */
const named = (name: string) => new RegExp(`(^|\\|)${name}(\\||$)`);

test("the offline basemap shows a city's name at zoom 8", async ({ page, signIn }) => {
  // The labels' glyphs as the app serves them. Without them MapLibre (5.11+) would still draw
  // the names, with the browser's own fonts: so the test checks the bundled ones were used.
  const glyphs: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/basemap/glyphs/NotoSans-Regular/')) {
      glyphs.push(`${response.status()} ${response.headers()['content-type']}`);
    }
  });
  await signIn('admin');
  // 'Create geofence' at an address opens the map at street level there: Lincoln, Nebraska.
  // (The trackers map's first view frames the fleet wherever the demo has driven it today, so
  // the test sets its own view.)
  await page.goto('/geofences/create?label=Lincoln%2C%20NE&lat=40.8&lng=-96.667');
  await expectSignedIn(page, 'admin');
  await expect(map(page)).toHaveAttribute('data-zoom', '15');
  for (let zoom = 14; zoom >= 5; zoom--) {
    // One step at a time: a click during the previous step's ease would land between levels.
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(map(page)).toHaveAttribute('data-zoom', String(zoom));
    // At zoom 8 the town itself is named; at 5, the region's big city.
    if (zoom === 8) await expect(map(page)).toHaveAttribute('data-places', named('Lincoln'));
  }
  await expect(map(page)).toHaveAttribute('data-places', named('Kansas City'));
  expect(glyphs.length).toBeGreaterThan(0);
  // Not the app's index.html, which answers any other path.
  for (const glyph of glyphs) expect(glyph).toBe('200 application/octet-stream');
});
