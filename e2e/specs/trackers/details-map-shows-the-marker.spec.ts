import type { Locator, Page } from '@playwright/test';
import { apiGet } from '../../support/session';
import { fleetMap, mapStat, waitForFrames } from '../../support/map';
import { expect, test } from '../../support/test';

/** The selected ring's outer radius (RING_LOOK in apps/web/src/map/markers/placement.ts). */
const RING_PX = 14.5;

/** True when the element's box reaches into the marker's ring (closest point of the box). */
async function covers(element: Locator, marker: { x: number; y: number }) {
  const box = await element.boundingBox();
  if (!box) return false;
  const dx = Math.max(box.x - marker.x, 0, marker.x - (box.x + box.width));
  const dy = Math.max(box.y - marker.y, 0, marker.y - (box.y + box.height));
  return Math.hypot(dx, dy) < RING_PX;
}

/** The selected tracker's marker on the page, from the map's own projection (test hooks). */
async function markerOnPage(page: Page) {
  const canvas = (await page.locator('.maplibregl-canvas').boundingBox())!;
  return {
    x: canvas.x + (await mapStat(page, 'selected-x')),
    y: canvas.y + (await mapStat(page, 'selected-y')),
  };
}

/**
 * Issue 35.23: tracker details open with the tracker's popup and the legend, and neither
 * covers the tracker's own marker, on a desktop window and on a phone.
 */
for (const size of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`the details map leaves the tracker's marker in sight at ${size.width} px`, async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(size);
    const session = await signIn('admin');
    const trackers = await apiGet<{ id: number; name: string }[]>(
      page,
      session,
      `/accounts/${session.accountId}/device-list`,
    );
    const tracker = trackers.find((t) => t.name === 'Truck 01')!;

    await page.goto(`/trackers/${tracker.id}`);
    await expect(page.getByTestId('tracker-popup').getByText(tracker.name)).toBeVisible();
    await expect(fleetMap(page)).toHaveAttribute('data-ready', 'true');
    await waitForFrames(page, 1);
    await expect(fleetMap(page)).toHaveAttribute('data-selected-x', /\d/);

    const marker = await markerOnPage(page);
    const legend = page.getByRole('region', { name: 'Map legend' });
    await expect(legend.getByRole('button', { name: 'Legend' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(await covers(page.locator('.maplibregl-popup'), marker)).toBe(false);
    expect(await covers(legend, marker)).toBe(false);
  });
}
