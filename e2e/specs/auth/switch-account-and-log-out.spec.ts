import { openAccountMenu } from '../../support/login';
import { expect, expectSignedIn, test } from '../../support/test';

// The account menu is the same on every screen: the account page has no map to wait for.
test('an admin of two accounts switches account', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/account');
  await expectSignedIn(page, 'admin');
  await expect(page.getByText('Demo Logistics').first()).toBeVisible();
  await openAccountMenu(page, 'Alex Admin');
  await page.getByRole('menuitem', { name: 'Switch Accounts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switching Account' });
  await expect(dialog).toBeVisible();
  await dialog.getByText('Demo Home').click();
  await dialog.getByRole('button', { name: 'Switch Account' }).click();
  await expect(page.getByText('Demo Home').first()).toBeVisible();
  // The consumer account has no API access, so Manage lacks that tab.
  await page.goto('/manage/users');
  await expect(page.getByRole('tab', { name: 'User Access' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'API Access' })).toHaveCount(0);
  await expect(page.locator('body')).toHaveClass(/brand-consumer/);
});

test('a user with one account has no Switch Accounts item', async ({ page, signIn }) => {
  await signIn('user');
  await page.goto('/account');
  await openAccountMenu(page, 'Pat Power');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Switch Accounts' })).toHaveCount(0);
});

test('logging out ends the session and returns to login', async ({ page, signIn }) => {
  // A session of its own: logging out revokes the token.
  await signIn('manager', { ownSession: true });
  await page.goto('/account');
  await openAccountMenu(page, 'Morgan Manager');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount/);
});
