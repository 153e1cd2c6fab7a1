import { fleetMap } from '../../support/map';
import { createCustomerAccount, signInAsPlatformAdmin } from '../../support/platform-admin';
import { uniqueName } from '../../support/session';
import { expect, test } from '../../support/test';

test('a platform admin creates a customer account from the Accounts screen and opens it', async ({
  page,
}) => {
  const auth = await signInAsPlatformAdmin(page);
  const title = uniqueName('Harbor Freight');
  await page.goto('/admin/accounts');
  await page.getByRole('button', { name: 'New Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Account' });

  // Nothing typed: the title is what is missing, said under it, and nothing is sent.
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('Give the account a title of up to 100 characters')).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('radio', { name: 'Consumer' }).check();
  await dialog.getByRole('checkbox', { name: 'Rules engine' }).check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Account ${title} created`)).toBeVisible();

  await page.getByLabel('Search accounts').fill(title);
  const row = page.getByRole('table', { name: 'Accounts' }).getByRole('row').filter({
    hasText: title,
  });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell')).toHaveText([title, 'Consumer', '0', '0', /Open/]);
  const listed = await page.request.get(`/api/admin/accounts?query=${encodeURIComponent(title)}`, {
    headers: auth,
  });
  expect(((await listed.json()) as { data: unknown[] }).data).toEqual([
    expect.objectContaining({
      title,
      is_b2b_account: false,
      has_rules_engine: true,
      has_api_access: false,
      can_track_shipments: false,
    }),
  ]);

  // The new account opens as any other: its fleet, empty until trackers are provisioned.
  await row.getByRole('button', { name: `Open ${title}` }).click();
  await expect(page).toHaveURL(/\/trackers/);
  await expect(fleetMap(page)).toHaveAttribute('data-trackers', '0');
});

test('a title another account has is refused under the title', async ({ page }) => {
  const auth = await signInAsPlatformAdmin(page);
  const taken = await createCustomerAccount(page, auth, {
    title: uniqueName('Taken Title'),
    is_b2b_account: true,
  });
  await page.goto('/admin/accounts');
  await page.getByRole('button', { name: 'New Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Account' });
  await dialog.getByLabel('Title').fill(taken.title.toLowerCase());
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    dialog.getByText('An account with this title exists already: choose another title'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
