import { expect, test } from '../../support/test';

test('the geofence form shows a field’s error when the user leaves it, before any drawing', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/geofences/create');
  await expect(page.getByRole('heading', { name: 'New Geofence' })).toBeVisible();

  // Nothing is red before the user has been anywhere.
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(page.getByText('Name is required')).toHaveCount(0);

  await name.focus();
  await name.blur();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  // Only the field left says so; no shape was drawn (Save is disabled) nor Save pressed.
  await expect(page.getByText('address is required')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await name.fill('Yard');
  await expect(page.getByText('Name is required')).toHaveCount(0);

  const address = page.getByRole('combobox', { name: 'Address' });
  await address.focus();
  await address.blur();
  await expect(page.getByText('address is required')).toBeVisible();

  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await email.fill('not-an-address');
  await expect(page.getByText('not an email')).toHaveCount(0);
  await email.blur();
  await expect(page.getByText('not an email')).toBeVisible();
});
