import type { Page } from '@playwright/test';
import { expect, expectSignedIn, test } from '../../support/test';

const map = (page: Page) => page.getByTestId('fleet-map');

/** The popup's offset from the point it names (POPUP_OFFSET_PX in apps/web/src/map/MapPopup.tsx). */
const POPUP_OFFSET_PX = 18;

/** The screen point an open MapLibre popup points at: its tip plus the popup's offset. */
async function pointedAt(page: Page) {
  const popup = page.locator('.maplibregl-popup');
  const tip = (await popup.locator('.maplibregl-popup-tip').boundingBox())!;
  const classes = (await popup.getAttribute('class')) ?? '';
  const x = tip.x + tip.width / 2;
  if (classes.includes('anchor-top')) return { x, y: tip.y - POPUP_OFFSET_PX };
  return { x, y: tip.y + tip.height + POPUP_OFFSET_PX };
}

test('the map clusters trackers, explains itself and opens a tracker popup', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await expect(map(page)).toHaveAttribute('data-ready', 'true');
  // The first view frames the whole fleet (issue 35.28): the country, a few clusters.
  await expect(map(page)).toHaveAttribute('data-frames', '1');
  const first = Number(await map(page).getAttribute('data-zoom'));
  // Counts come from what the marker canvas drew on screen.
  await expect(map(page)).toHaveAttribute('data-clusters', /^[1-9]\d*$/);
  const cluster = page.getByRole('img', { name: /^Cluster of \d+ trackers$/ }).first();
  await expect(cluster).toBeVisible();

  // A click on a cluster zooms in to where it splits.
  const box = (await cluster.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect
    .poll(async () => Number(await map(page).getAttribute('data-zoom')))
    .toBeGreaterThan(first);

  const legend = page.getByRole('region', { name: 'Map legend' });
  await expect(legend.getByText('Inside a geofence')).toBeVisible();
  await expect(legend.getByText('Not moved for 28+ days')).toBeVisible();
  await expect(legend.getByText('Cluster of trackers')).toBeVisible();

  await page.getByPlaceholder('Search Trackers...').fill('Truck 07');
  await page.getByRole('button', { name: 'Show Truck 07 on map' }).click();
  const popup = page.getByTestId('tracker-popup');
  await expect(popup.getByText('Truck 07')).toBeVisible();
  const link = popup.getByRole('link', { name: 'Create geofence' });
  await expect(link).toHaveAttribute('href', /^\/geofences\/create\?label=.+&lat=-?\d.*&lng=-?\d/);
  // The demo depots are geofences: the card names the one the truck is in or the nearest.
  await expect(popup.getByText(/^(Inside|Nearest geofence:) \S/)).toBeVisible();
  await expect(popup.getByRole('link').filter({ hasNotText: 'Create geofence' })).toHaveAttribute(
    'href',
    /^\/geofences\/\d+$/,
  );
  // Only the searched tracker is on the map, centred, and drawn as a single marker.
  await expect(map(page)).toHaveAttribute('data-markers', '1');
  await expect(map(page)).toHaveAttribute('data-trackers', '1');

  // Closed, the popup opens again from a click on the marker. The demo truck drives on after
  // the camera centred it, and the popup follows it: its tip points at the marker.
  await expect
    .poll(async () => Number(await map(page).getAttribute('data-zoom')))
    .toBeGreaterThanOrEqual(12);
  const marker = await pointedAt(page);
  await page.getByRole('button', { name: 'Close popup' }).click();
  await expect(popup).toHaveCount(0);
  await page.mouse.click(marker.x, marker.y);
  await expect(popup.getByText('Truck 07')).toBeVisible();
});

test('a viewer gets the popup without the Create geofence link', async ({ page, signIn }) => {
  await signIn('viewer');
  await page.goto('/trackers');
  await expectSignedIn(page, 'viewer');
  await page
    .getByRole('button', { name: /^Show .+ on map$/ })
    .first()
    .click();
  const popup = page.getByTestId('tracker-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Create geofence' })).toHaveCount(0);
});

test('live positions move the marker without a reload, a BLE report to its anchor', async ({
  page,
  request,
  signIn,
}) => {
  const session = await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  // Trailer 51 is parked (DEMO_PARKED_SERIALS): the demo simulator leaves it alone, only this
  // test moves it.
  await page.getByPlaceholder('Search Trackers...').fill('Trailer 51');
  await page.getByRole('button', { name: 'Show Trailer 51 on map' }).click();
  const popup = page.getByTestId('tracker-popup');
  await expect(popup.getByText('Trailer 51')).toBeVisible();

  const auth = { Authorization: `Bearer ${session.token}` };
  const me = (await (await request.get('/api/me', { headers: auth })).json()) as {
    data: { accounts: { id: number; title: string }[] };
  };
  const account = me.data.accounts.find((a) => a.title === 'Demo Logistics')!;
  const positions = (await (
    await request.get(`/api/accounts/${account.id}/current-positions?raw=1`, { headers: auth })
  ).json()) as { data: { device_id: number; lat: number; lng: number }[] };
  const devices = (await (
    await request.get(`/api/accounts/${account.id}/device-list`, { headers: auth })
  ).json()) as { data: { id: number; name: string; serial: string }[] };
  const parked = devices.data.find((d) => d.name === 'Trailer 51')!;
  const before = positions.data.find((p) => p.device_id === parked.id)!;
  const token = (await (
    await request.get(`/api/accounts/${account.id}/api-token`, { headers: auth })
  ).json()) as { data: { api_token: string } };

  // About 100 m: on screen at any zoom the map may open on (a single tracker is framed at 15).
  const lat = Math.round((before.lat + 0.001) * 1e5) / 1e5;
  const lng = Math.round((before.lng + 0.001) * 1e5) / 1e5;
  const ingest = await request.post('/api/ingest/positions', {
    headers: { Authorization: `Bearer ${token.data.api_token}` },
    data: {
      positions: [
        {
          serial: parked.serial,
          timestamp: new Date().toISOString(),
          lat,
          lng,
          fix: 'gps',
          speed: 8,
        },
      ],
    },
  });
  expect(ingest.ok()).toBe(true);

  // The realtime message patches the cached list: the popup follows the marker.
  await expect(popup.getByText(`${lat.toFixed(5)}, ${lng.toFixed(5)}`)).toBeVisible();
  await expect(popup.getByText('Last report a few seconds ago')).toBeVisible();
  await expect(popup.getByText('GPS fix')).toBeVisible();
  await expect(map(page)).toHaveAttribute('data-markers', '1');

  // A report with only a BLE beacon heard: the tracker is placed at the anchor with that serial
  // (Chicago Dock 1, 30 ft radius), as a BLE fix.
  const heard = await request.post('/api/ingest/positions', {
    headers: { Authorization: `Bearer ${token.data.api_token}` },
    data: {
      positions: [
        {
          serial: parked.serial,
          timestamp: new Date(Date.now() + 1000).toISOString(),
          beacons: [{ id: 'AC:23:3F:A0:00:01', rssi: -70 }],
        },
      ],
    },
  });
  expect(heard.ok()).toBe(true);
  await expect(popup.getByText('41.87890, -87.63590')).toBeVisible();
  await expect(popup.getByText('BLE fix ±9 m')).toBeVisible();
  // The dock is in the Chicago Depot geofence (GET geofence/nearest names it).
  await expect(popup.getByText(/^Inside/)).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Chicago Depot' })).toHaveAttribute(
    'href',
    /^\/geofences\/\d+$/,
  );
});
