import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';

/**
 * Issue 35.26: an emptied tracker name was refused only by the server. The name's editor says
 * 'Name is required' under the input as soon as it is empty, and Save waits for a name.
 */
test('an emptied tracker name is refused in place, before any call', async ({ page, signIn }) => {
  const session = await signIn('admin');
  const trackers = await apiGet<{ id: number; name: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  const tracker = trackers.find((t) => t.name === 'Truck 07')!;
  await page.goto(`/trackers/${tracker.id}`);
  await expect(page.getByRole('heading', { name: tracker.name })).toBeVisible();

  const updates: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes(`/devices/${tracker.id}`)) updates.push(r.url());
  });
  await page.getByRole('button', { name: 'Edit name' }).click();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('   ');
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();

  await name.fill('Truck 07');
  await expect(page.getByText('Name is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(name).toHaveCount(0);
  expect(updates).toEqual([]);
});
