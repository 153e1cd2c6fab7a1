import type { Page } from '@playwright/test';
import { mapStat } from '../../support/map';
import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';

const map = (page: Page) => page.getByTestId('fleet-map');

type Ring = [number, number][];
interface Geofence {
  geo_json: { type: 'Polygon'; coordinates: Ring[] } | null;
}

/**
 * Issue 37: a geofence is edited by dragging its corners (terra-draw's select mode), not only
 * redrawn. A polygon is drawn and saved; on Edit, its first corner (the north-west one) is
 * dragged further out and saved, and the stored shape has that corner moved and the others
 * where they were.
 */
test('a geofence corner dragged on Edit and saved keeps its new place', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const name = `E2E Corner ${Date.now().toString(36)}`;
  await page.goto('/geofences/create');
  await expect(map(page)).toHaveAttribute('data-ready', 'true');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Address' }).fill('Springfield, IL');
  await page.getByRole('option', { name: 'Springfield, IL, US' }).click();

  const box = (await page.getByRole('region', { name: 'Geofence map' }).boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.getByRole('button', { name: 'Polygon' }).click();
  for (const [x, y] of [
    [cx - 100, cy - 70],
    [cx + 100, cy - 70],
    [cx + 100, cy + 70],
    [cx - 100, cy + 70],
    [cx - 100, cy - 70],
  ] as const) {
    await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.click(x, y);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/geofences\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const stored = async () =>
    (
      await apiGet<Geofence>(page, session, `/accounts/${session.accountId}/geofences/${id}`)
    ).geo_json!.coordinates[0]!.slice(0, -1);
  const before = await stored();
  expect(before).toHaveLength(4);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Geofence' })).toBeVisible();
  await expect(map(page)).toHaveAttribute('data-ready', 'true');
  await expect(map(page)).toHaveAttribute('data-editing', '1');
  // The camera frames the shape on Edit: the map says where its first corner is drawn now.
  const edit = (await page.getByRole('region', { name: 'Geofence map' }).boundingBox())!;
  await expect.poll(() => mapStat(page, 'edit-corner-x')).not.toBeNaN();
  const from = {
    x: edit.x + (await mapStat(page, 'edit-corner-x')),
    y: edit.y + (await mapStat(page, 'edit-corner-y')),
  };
  await page.mouse.move(from.x, from.y, { steps: 4 });
  await page.mouse.down();
  await page.mouse.move(from.x - 60, from.y - 40, { steps: 12 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Polygon of 4 corners')).toBeVisible();

  const after = await stored();
  // Dragged west and north of where it was; the other three corners stay put.
  expect(after[0]![0]).toBeLessThan(before[0]![0]);
  expect(after[0]![1]).toBeGreaterThan(before[0]![1]);
  const fixed = (ring: Ring) => ring.slice(1).map((p) => p.map((v) => v.toFixed(5)).join(','));
  expect(fixed(after)).toEqual(fixed(before));
});
