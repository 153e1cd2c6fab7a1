import { logIn } from '../../support/login';
import { expect, expectSignedIn, test } from '../../support/test';

// The tests of the login form itself; every other test starts signed in (support/test.ts).
test('an admin logs in and lands on the trackers screen', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/trackers$/);
  await expect(page.getByRole('button', { name: 'Alex Admin' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Trackers' })).toBeVisible();
});

test('a wrong password shows the error and the form stays usable', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'admin@demo.test', 'not-the-password');
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  await expect(page).toHaveURL(/\/login/);
});

test('a logged-out visit to a deep link returns there after login', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount/);
  await logIn(page, 'user@demo.test');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('button', { name: 'Update account' })).toBeVisible();
});

test('a logged-in user opening /login goes to the trackers', async ({ page, signIn }) => {
  await signIn('user');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/trackers$/);
  await expectSignedIn(page, 'user');
});
