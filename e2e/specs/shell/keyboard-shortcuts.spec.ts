import { expect, expectSignedIn, test } from '../../support/test';

test('/ focuses the search, ? lists the shortcuts, Esc closes the list and a tracker card', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');
  const search = page.getByPlaceholder('Search Trackers...');

  // Typed outside a field, / goes to the search, and what follows is the search text.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type('truck 07');
  await expect(search).toHaveValue('truck 07');
  await expect(page.getByTestId('tracker-count')).toHaveText('1 tracker');

  // In a field ? is a letter; outside one it lists the shortcuts, and Esc closes the list.
  await page.keyboard.type('?');
  await expect(search).toHaveValue('truck 07?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await search.fill('truck 07');
  await page.getByTestId('tracker-count').click();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const text of [
    'Focus the search',
    'Show the keyboard shortcuts',
    'Close a panel or dialog',
  ]) {
    await expect(dialog.getByText(text)).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Esc closes the tracker's card on the map.
  await page.getByRole('button', { name: 'Show Truck 07 on map' }).click();
  const card = page.locator('.maplibregl-popup');
  await expect(card).toBeVisible();
  await page.getByTestId('tracker-count').click();
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);

  // The shipments list answers / too.
  await page.goto('/shipments');
  await expect(page.getByPlaceholder('Search Shipments...')).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(page.getByPlaceholder('Search Shipments...')).toBeFocused();
});
