import type { Page } from '@playwright/test';
import { expect, test } from '../../support/test';

const map = (page: Page) => page.getByTestId('fleet-map');

/** Clicks the corners of a rectangle around the map's centre, then the first one to close it. */
async function drawRectangle(page: Page) {
  const box = await page.getByRole('region', { name: 'Geofence map' }).boundingBox();
  if (!box) throw new Error('The geofence map has no box');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const corners: [number, number][] = [
    [cx - 120, cy - 80],
    [cx + 120, cy - 80],
    [cx + 120, cy + 80],
    [cx - 120, cy + 80],
    [cx - 120, cy - 80],
  ];
  for (const [x, y] of corners) {
    await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.click(x, y);
  }
}

async function newGeofence(page: Page, name: string) {
  await page.goto('/geofences');
  await expect(page.getByRole('tab', { name: 'Geofences' })).toBeVisible();
  await page.getByRole('link', { name: 'New Geofence' }).click();
  await expect(page.getByRole('heading', { name: 'New Geofence' })).toBeVisible();
  await expect(map(page)).toHaveAttribute('data-ready', 'true');
  await expect(map(page)).toHaveAttribute('data-mode', 'create');

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Address' }).fill('Springfield, IL');
  await page.getByRole('option', { name: 'Springfield, IL, US' }).click();
  await expect(page.getByRole('combobox', { name: 'Address' })).toHaveValue('Springfield, IL, US');
}

test('a manager draws a polygon geofence, saves it and finds it on the map and in the list', async ({
  page,
  signIn,
}) => {
  const name = `E2E Yard ${Date.now().toString(36)}`;
  await signIn('admin');
  await newGeofence(page, name);

  // Without a shape Save stays disabled and says why.
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByTestId('save-geofence').hover();
  await expect(page.getByText('Must draw geofence on the map to save')).toBeVisible();

  await page.getByRole('button', { name: 'Polygon' }).click();
  await expect(map(page)).toHaveAttribute('data-drawing', '1');
  await drawRectangle(page);
  await expect(map(page)).toHaveAttribute('data-geofences', '1');
  await expect(save).toBeEnabled();

  // The form checks its fields with the spec's messages before saving.
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-address');
  await page.getByLabel('Maximum assets').fill('501');
  await save.click();
  await expect(page.getByText('not an email')).toBeVisible();
  await expect(page.getByText('cannot be greater than 500')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('yard@example.test');
  await page.getByLabel('Maximum assets').fill('12');
  await save.click();

  await expect(page).toHaveURL(/\/geofences\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Polygon of 4 corners')).toBeVisible();
  await expect(page.getByText('yard@example.test')).toBeVisible();
  await expect(map(page)).toHaveAttribute('data-ready', 'true');
  await expect(map(page)).toHaveAttribute('data-geofences', '1');

  await page.getByRole('link', { name: 'All Geofences' }).click();
  await page.getByRole('textbox', { name: 'Search Geofences' }).fill(name);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(map(page)).toHaveAttribute('data-geofences', '1');
  await page.getByRole('textbox', { name: 'Search Geofences' }).fill(`${name} nowhere`);
  await expect(page.getByText('No geofences found')).toBeVisible();
});

test('a manager redraws a geofence as a circle, renames it and deletes it', async ({
  page,
  signIn,
}) => {
  const name = `E2E Depot ${Date.now().toString(36)}`;
  await signIn('admin');
  await newGeofence(page, name);
  await page.getByRole('button', { name: 'Polygon' }).click();
  await drawRectangle(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Geofence' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await expect(map(page)).toHaveAttribute('data-mode', 'edit');
  await expect(map(page)).toHaveAttribute('data-geofences', '1');

  // A new circle replaces the polygon: still one shape.
  await page.getByRole('button', { name: 'Circle' }).click();
  const box = (await page.getByRole('region', { name: 'Geofence map' }).boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy, { steps: 4 });
  await page.mouse.click(cx, cy);
  await page.mouse.move(cx + 90, cy, { steps: 6 });
  await page.mouse.click(cx + 90, cy);
  await expect(map(page)).toHaveAttribute('data-geofences', '1');

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} renamed`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `${name} renamed` })).toBeVisible();
  // Rounded as people read it (whole metres under 1 km), not the drawn radius's digits.
  await expect(page.getByText(/^Circle of (\d{1,3} m|\d{1,3}(\.\d{1,2})? km)$/)).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Successfully deleted!')).toBeVisible();
  await expect(page).toHaveURL(/\/geofences$/);
  await page.getByRole('textbox', { name: 'Search Geofences' }).fill(name);
  await expect(page.getByText('No geofences found')).toBeVisible();
});
