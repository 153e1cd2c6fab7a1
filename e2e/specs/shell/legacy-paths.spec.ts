import { expect, test } from '../../support/test';

/** Spec 000 §2.1, 002 §2.1: old addresses land on the current screens. */
test('legacy /dashboard/... and /my-account/... paths land on the built screens', async ({
  page,
  signIn,
}) => {
  await signIn('admin');

  await page.goto('/dashboard/geofences');
  await expect(page).toHaveURL(/\/geofences$/);
  await expect(page.getByRole('tab', { name: 'Geofences' })).toBeVisible();

  await page.goto('/my-account/orders');
  await expect(page).toHaveURL(/\/manage\/orders$/);
  await expect(page.getByRole('heading', { name: 'Manage' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Order History', selected: true })).toBeVisible();
});
