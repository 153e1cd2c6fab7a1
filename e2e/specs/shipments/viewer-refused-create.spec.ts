import { expect, expectSignedIn, test } from '../../support/test';

/**
 * Issue 35.11, spec 001 §6 and §8: a user without manage Shipments who opens the create page
 * is sent to the list with an error toast saying why.
 */
test('a Viewer opening New Shipment lands on the list with an error toast', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  await page.goto('/shipments/create');
  await expect(page).toHaveURL(/\/shipments$/);
  await expectSignedIn(page, 'viewer');
  await expect(page.getByText('You do not have permission to open this page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New Shipment' })).toHaveCount(0);
});
