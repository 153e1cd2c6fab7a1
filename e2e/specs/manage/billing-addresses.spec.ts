import type { Page } from '@playwright/test';
import { uniqueName } from '../../support/session';
import { expect, expectSignedIn, test } from '../../support/test';

/** Spec 002 §5 and §8 texts, verbatim. */
const LINE1_REQUIRED = 'line1 is required';
const CITY_REQUIRED = 'city is required';
const ZIP_REQUIRED = 'zip is required';
const ZIP_MIN = 'min 5 chars';

const modal = (page: Page) => page.getByRole('dialog', { name: 'New Address' });

async function addAddress(
  page: Page,
  tab: 'Billing' | 'Shipping',
  line1: string,
  options: { makeDefault: boolean },
) {
  await page.getByRole('button', { name: 'Add New' }).click();
  const form = modal(page);
  await form.getByRole('tab', { name: tab }).click();
  await form.getByLabel('Address line 1').fill(line1);
  await form.getByLabel('City').fill('Kernersville');
  await form.getByLabel('Zip').fill('27284');
  if (!options.makeDefault) await form.getByLabel('Set as default').uncheck();
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form).toBeHidden();
}

test('an admin adds billing addresses, sets the default and deletes one', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/manage/addresses');
  await expectSignedIn(page, 'admin');
  await expect(page.getByRole('tab', { name: 'Addresses' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // The form names each missing field with the spec's message, and a short zip.
  await page.getByRole('button', { name: 'Add New' }).click();
  await modal(page).getByRole('button', { name: 'Save Address' }).click();
  for (const message of [LINE1_REQUIRED, CITY_REQUIRED, ZIP_REQUIRED]) {
    await expect(modal(page).getByText(message, { exact: true })).toBeVisible();
  }
  await modal(page).getByLabel('Zip').fill('272');
  await modal(page).getByRole('button', { name: 'Save Address' }).click();
  await expect(modal(page).getByText(ZIP_MIN, { exact: true })).toBeVisible();
  await modal(page).getByRole('button', { name: 'Cancel' }).click();

  // Two billing addresses: the first becomes the default, the second is not.
  const first = uniqueName('E2E Main St');
  const second = uniqueName('E2E Depot Rd');
  await addAddress(page, 'Billing', first, { makeDefault: true });
  await expect(page.getByText('New billing address added')).toBeVisible();
  await addAddress(page, 'Billing', second, { makeDefault: false });

  const billing = page.getByRole('region', { name: 'Billing Address' });
  const defaultSelect = billing.getByRole('combobox', { name: 'Default billing address' });
  await expect(defaultSelect).toHaveValue(new RegExp(first));
  await expect(billing.getByText(second)).toBeVisible();

  // Choosing the second in the dropdown makes it the default.
  await defaultSelect.click();
  await page.getByRole('option', { name: new RegExp(second) }).click();
  await expect(page.getByText('New default address has been set')).toBeVisible();
  await expect(defaultSelect).toHaveValue(new RegExp(second));

  // Deleting asks first: Cancel keeps the address, Delete removes it from the page.
  const deleteFirst = billing.getByRole('button', { name: new RegExp(`Delete .*${first}`) });
  const confirm = page.getByRole('dialog', { name: 'Delete Address' });
  await deleteFirst.click();
  await expect(
    confirm.getByText(new RegExp(`^Delete the billing address .*${first}`)),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(billing.getByText(first)).toBeVisible();
  await deleteFirst.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Address has been deleted')).toBeVisible();
  await expect(billing.getByText(first)).toHaveCount(0);

  // A shipping address goes to its own dropdown.
  const shipTo = uniqueName('E2E Dock Ave');
  await addAddress(page, 'Shipping', shipTo, { makeDefault: true });
  await expect(page.getByText('New shipping address added')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Shipping Address' })
      .getByRole('combobox', { name: 'Default shipping address' }),
  ).toHaveValue(new RegExp(shipTo));
});
