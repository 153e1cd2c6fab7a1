import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logIn, logInAs } from '../../support/login';

// Only this file signs in as the consumer demo user, so changing that profile is safe.
test('a user updates the profile with a masked phone and changes the password', async ({
  page,
}) => {
  await logInAs(page, 'consumer@demo.test', 'Casey Consumer');
  await page.goto('/account');
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

  // The new password works; then it is set back so a rerun starts from the seed.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await logIn(page, 'consumer@demo.test', 'a longer secret');
  await expect(page.getByRole('button', { name: 'Casey Q. Consumer' })).toBeVisible();
  await page.goto('/account');
  await page.getByLabel('New password').fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password has been updated!')).toBeVisible();
});
