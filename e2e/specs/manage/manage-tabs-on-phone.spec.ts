import { expect, test } from '../../support/test';

// Below 768 px the manage tabs are a dropdown (spec 002 §2.3).
test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the manage tabs are a dropdown that closes after a choice', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/manage');
  await expect(page).toHaveURL(/\/manage\/subscriptions$/);
  await expect(page.getByRole('tab')).toHaveCount(0);

  // The button names the open section and lists them all, API Access included.
  await page.getByRole('button', { name: 'Subscriptions' }).click();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText([
    'Subscriptions',
    'User Access',
    'Order History',
    'Addresses',
    'Payment Methods',
    'API Access',
  ]);

  // A choice opens its section at once; the menu closes a moment later.
  await page.getByRole('menuitem', { name: 'Order History' }).click();
  await expect(page).toHaveURL(/\/manage\/orders$/);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Order History' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Order Number' })).toBeVisible();
});
