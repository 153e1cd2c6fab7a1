import { expect, expectSignedIn, test } from '../../support/test';

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

/** Issue 35.17: the bare parents of the old areas land on their screens too, not on 404. */
test('bare /dashboard and /my-account land on the tracker list and Manage', async ({
  page,
  signIn,
}) => {
  await signIn('admin');

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/trackers$/);
  await expectSignedIn(page, 'admin');
  await expect(page.getByText('Looks like this page does not exist')).toHaveCount(0);

  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/manage(\/[a-z-]+)?$/);
  await expect(page.getByRole('heading', { name: 'Manage' })).toBeVisible();
});
