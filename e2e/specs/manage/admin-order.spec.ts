import { expect, test } from '../../support/test';
import { DEMO_PASSWORD } from '../../support/users';

/**
 * Where orders come from (issue 22): a platform admin makes an order for a customer's account
 * from the accounts list, and the customer opens its approve link without a login.
 */
test('a platform admin makes an order for an account, and its approve link shows the invoice', async ({
  page,
  browser,
}) => {
  // root@demo.test belongs to no account, so the shared sign-in does not serve it.
  const login = await page.request.post('/api/token', {
    data: { email: 'root@demo.test', password: DEMO_PASSWORD },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.addInitScript((stored) => localStorage.setItem('waymark.token', stored), token);

  await page.goto('/admin/accounts');
  await page.getByLabel('Search accounts').fill('Demo Logistics');
  await page.getByRole('button', { name: 'New order for Demo Logistics' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Order' });
  const create = dialog.getByRole('button', { name: 'Create Order' });
  await expect(create).toBeDisabled();

  await dialog.getByRole('combobox', { name: 'Product 1', exact: true }).click();
  await page.getByRole('option', { name: /^Mobile 200 GPS Tracker - \$/ }).click();
  await dialog.getByLabel('Quantity 1', { exact: true }).fill('2');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await dialog.getByRole('combobox', { name: 'Product 2', exact: true }).click();
  await page.getByRole('option', { name: 'Tracking plan', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Plan 2', exact: true }).click();
  await page.getByRole('option', { name: /^Annual - \$/ }).click();
  await dialog.getByRole('combobox', { name: 'Billing term' }).click();
  await page.getByRole('option', { name: 'Monthly', exact: true }).click();
  await dialog.getByLabel('PO number').fill('PO-7781');
  await create.click();

  const made = dialog.getByText(/^Order #\d+ has been created$/);
  await expect(made).toBeVisible();
  const orderId = (await made.textContent())!.match(/#(\d+)/)![1];
  const link = await dialog.getByLabel('Approve link').inputValue();
  const approvePath = new URL(link).pathname;
  expect(approvePath).toMatch(/^\/approve-order\/[0-9a-f-]{36}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const guest = await browser.newPage();
  try {
    await guest.goto(approvePath);
    await expect(
      guest.getByRole('heading', { name: `Invoice for Order #${orderId}` }),
    ).toBeVisible();
    await expect(
      guest.getByRole('row', { name: /Mobile 200 GPS Tracker \$49\.99 2 / }),
    ).toBeVisible();
    await expect(guest.getByRole('row', { name: /Tracking plan \(Annual\)/ })).toBeVisible();
    // The monthly billing term splits the total into twelve payments.
    await expect(guest.getByText('12 monthly payments of')).toBeVisible();
  } finally {
    await guest.close();
  }
});
