import { expect, test } from '../../support/test';

test('the create link prefills the address, and all geofences are sent as a CSV', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/geofences/create?label=Near%20Springfield%2C%20IL%2C%20US&lat=39.8&lng=-89.6');
  await expect(page.getByRole('combobox', { name: 'Address' })).toHaveValue(
    'Near Springfield, IL, US',
  );
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/geofences$/);
  await expect(page.getByRole('tab', { name: 'Geofences' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'BLE Anchors' })).toBeVisible();

  await page.getByRole('button', { name: 'Download all geofences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download all geofences' });
  await expect(dialog.getByRole('button', { name: 'Date range' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send CSV' }).click();
  await expect(
    page.getByText(
      'Your CSV is being generated. Once ready, you will receive an email notification with the download link',
    ),
  ).toBeVisible();
});

test('a viewer reads geofences but cannot create, edit or delete them', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  await page.goto('/geofences');
  const first = page.getByRole('list', { name: 'Geofences' }).getByRole('link').first();
  await expect(first).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Geofence' })).toHaveCount(0);
  await first.click();
  await expect(page).toHaveURL(/\/geofences\/\d+$/);
  await expect(page.getByText('Address')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // The create screen is for managers of Geofences only: back to the list.
  await page.goto('/geofences/create');
  await expect(page).toHaveURL(/\/geofences$/);
});
