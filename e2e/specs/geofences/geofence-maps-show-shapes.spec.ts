import { fleetMap, mapStat, waitForFrames } from '../../support/map';
import { expect, test } from '../../support/test';

test('the geofence list frames the geofences and shows each one, however small', async ({
  page,
  signIn,
}) => {
  await signIn('manager');
  await page.goto('/geofences');
  await expect(page.getByRole('link', { name: 'Chicago Depot' })).toBeVisible();
  await expect(fleetMap(page)).toHaveAttribute('data-ready', 'true');
  await waitForFrames(page, 1);
  // The demo depots lie across the country; framed together, each is a few hundred metres of
  // a pixel wide, so a marker stands for it. Seen means drawn 12 px across or marked.
  await expect(fleetMap(page)).toHaveAttribute('data-frame-inside', '1');
  const drawn = await mapStat(page, 'geofences');
  expect(drawn).toBeGreaterThanOrEqual(6);
  await expect.poll(() => mapStat(page, 'geofences-seen')).toBe(drawn);
  expect(await mapStat(page, 'zoom')).toBeLessThan(6);
});

test('geofence details frame the shape with the map around it', async ({ page, signIn }) => {
  await signIn('manager');
  await page.goto('/geofences');
  await page.getByRole('link', { name: 'Chicago Depot' }).click();
  await expect(page.getByRole('heading', { name: 'Chicago Depot' })).toBeVisible();
  await expect(fleetMap(page)).toHaveAttribute('data-geofences', '1');
  await waitForFrames(page, 1);
  await expect(fleetMap(page)).toHaveAttribute('data-frame-inside', '1');
  await expect(fleetMap(page)).toHaveAttribute('data-geofences-seen', '1');
  // The shape takes part of the view, not all of it: a fifth of the view on each side.
  const share = await mapStat(page, 'frame-share');
  expect(share).toBeGreaterThanOrEqual(40);
  expect(share).toBeLessThanOrEqual(75);
});
