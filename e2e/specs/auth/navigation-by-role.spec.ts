import { expect, expectSignedIn, test } from '../../support/test';

// The navigation is the same on every screen: the account page has no map to wait for.
test('an admin sees Manage and can open it', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/account');
  await expectSignedIn(page, 'admin');
  await page.getByRole('link', { name: 'Manage' }).click();
  await expect(page.getByRole('heading', { name: 'Manage' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'User Access' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'API Access' })).toBeVisible();
});

test('a viewer does not see Manage and is sent away from it', async ({ page, signIn }) => {
  await signIn('viewer');
  await page.goto('/account');
  await expectSignedIn(page, 'viewer');
  await expect(page.getByRole('link', { name: 'Trackers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage' })).toHaveCount(0);
  await page.goto('/manage/users');
  await expect(page).toHaveURL(/\/trackers$/);
});

test('an unknown page shows the not-found page', async ({ page, signIn }) => {
  await signIn('viewer');
  await page.goto('/no/such/page');
  await expect(page.getByText('Looks like this page does not exist')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/trackers$/);
});
