import { logIn } from '../../support/login';
import { expect, expectSignedIn, test } from '../../support/test';
import { DEMO_PASSWORD } from '../../support/users';

// Only this file signs in as the consumer demo user, so changing that profile is safe: the
// others that need a consumer account open Demo Home as Alex Admin, its admin.
test('a user updates the profile with a masked phone and changes the password', async ({
  page,
  signIn,
}) => {
  // A session of its own: a new password ends the user's other sessions.
  await signIn('consumer', { ownSession: true });
  await page.goto('/account');
  await expectSignedIn(page, 'consumer');
  const name = page.getByLabel('Name');
  await name.fill('Casey Q. Consumer');
  const phone = page.getByLabel('Phone');
  await phone.fill('');
  await phone.pressSequentially('3365551234');
  await expect(phone).toHaveValue('(336) 555-1234');
  await page.getByRole('button', { name: 'Update account' }).click();
  await expect(page.getByText('Your account has been updated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Casey Q. Consumer' })).toBeVisible();

  const update = page.getByRole('button', { name: 'Update password' });
  // A wrong current password is refused under its field.
  await page.getByLabel('Current password').fill('not the password');
  await page.getByLabel('New password').fill('a longer secret');
  await page.getByLabel('Confirm password').fill('a longer secret');
  await update.click();
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(update).toBeDisabled();
  await page.getByLabel('New password').fill('a longer secret');
  await page.getByLabel('Confirm password').fill('a longer secreT');
  await expect(update).toBeDisabled();
  await page.getByLabel('Confirm password').fill('a longer secret');
  await update.click();
  await expect(page.getByText('Password has been updated!')).toBeVisible();

  // The new password works in the login form (which returns to the page asked for); then it
  // is set back so a rerun starts from the seed.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount/);
  await logIn(page, 'consumer@demo.test', 'a longer secret');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('button', { name: 'Casey Q. Consumer' })).toBeVisible();
  await page.getByLabel('Current password').fill('a longer secret');
  await page.getByLabel('New password').fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password has been updated!')).toBeVisible();
});
