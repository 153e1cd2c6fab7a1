import { expect, test } from '../../support/test';

/**
 * Issue 35.24: with a bad value in a focused field, the first click on Circle or Polygon was
 * lost (the field's message, shown as it lost the focus, moved the button away from the
 * pointer). One click now picks the tool, and the field's message shows too.
 */
test('one click picks Circle or Polygon while a field with a bad value has the focus', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/geofences/create');
  await expect(page.getByRole('heading', { name: 'New Geofence' })).toBeVisible();

  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await email.fill('not-an-address');
  await expect(email).toBeFocused();
  const circle = page.getByRole('button', { name: 'Circle' });
  await circle.click();
  await expect(circle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('not an email')).toBeVisible();

  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('   ');
  await expect(name).toBeFocused();
  const polygon = page.getByRole('button', { name: 'Polygon' });
  await polygon.click();
  await expect(polygon).toHaveAttribute('aria-pressed', 'true');
  await expect(circle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('Name is required')).toBeVisible();
});
