import type { Page } from '@playwright/test';
import { ARCHIVE_CENTRE, archiveUrl, startArchiveServer } from '../../support/archive-server';
import { expect, expectSignedIn, test } from '../../support/test';

const map = (page: Page) => page.getByTestId('fleet-map');

test.describe('an installation whose street map is a local PMTiles archive (MAP_PMTILES)', () => {
  test.use({ baseURL: archiveUrl });
  test.describe.configure({ mode: 'serial' });

  let stopServer: (() => Promise<void>) | undefined;
  test.beforeAll(async () => {
    // Its own server: the demo is seeded before it answers.
    test.setTimeout(300_000);
    stopServer = await startArchiveServer();
  });
  test.afterAll(async () => {
    await stopServer?.();
  });

  test('draws the streets from the archive, read by range requests', async ({ page, signIn }) => {
    const ranges: string[] = [];
    const outside: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/map/streets.pmtiles') {
        ranges.push(`${response.status()} ${response.headers()['content-range']?.split(' ')[0]}`);
      } else if (url.origin !== archiveUrl) {
        outside.push(response.url());
      }
    });
    await signIn('admin');
    // 'Create geofence' at an address opens the map at street level there.
    const [lng, lat] = ARCHIVE_CENTRE;
    await page.goto(`/geofences/create?label=Dallas%2C%20TX&lat=${lat}&lng=${lng}`);
    await expectSignedIn(page, 'admin');
    await expect(map(page)).toHaveAttribute('data-basemap', 'archive');
    await expect(map(page)).toHaveAttribute('data-zoom', '15');
    // The archive's one highway, named on screen: its tile was read, decoded and drawn.
    await expect(map(page)).toHaveAttribute('data-places', /(^|\|)Archive Highway(\||$)/);
    expect(ranges.length).toBeGreaterThan(1);
    for (const answer of ranges) expect(answer).toBe('206 bytes');
    // Fully offline: nothing but this server was asked for anything.
    expect(outside).toEqual([]);
    await expect(map(page).getByText('Offline map', { exact: true })).toHaveCount(0);
  });
});
