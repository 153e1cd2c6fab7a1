import { expect, expectSignedIn, test } from '../../support/test';

/**
 * Spec 002 §2.7 and §8: a 403 from the API sends the user to 'Access Denied', whose 'Go Back'
 * returns to the screen before. The server refuses the reports list here as it would for a
 * user whose access was taken away while the page was open.
 */
test('a 403 from the API shows Access Denied, and Go Back returns', async ({ page, signIn }) => {
  await signIn('viewer');
  await page.goto('/trackers');
  await expectSignedIn(page, 'viewer');

  await page.route('**/api/accounts/*/reports*', (route) =>
    route.fulfill({ status: 403, json: { message: 'This action is unauthorized.' } }),
  );
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByText('Access Denied')).toBeVisible();

  // Access given back: Go Back returns to the screen that was refused, which now opens.
  await page.unroute('**/api/accounts/*/reports*');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByText('Access Denied')).toHaveCount(0);
});
