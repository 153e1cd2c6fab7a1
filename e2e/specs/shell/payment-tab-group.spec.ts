import type { Page } from '@playwright/test';
import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';
import { DEMO_PASSWORD, type DemoUser } from '../../support/users';

/**
 * Spec 002 §2.8, order payment modal: business accounts see a tab group with one tab,
 * 'Credit Card'; consumer accounts do not. Each test pays nothing: it opens the modal for an
 * order of its own, made by the platform admin as sales does.
 */
async function newOrder(page: Page, accountId: number): Promise<number> {
  const login = await page.request.post('/api/token', {
    data: { email: 'root@demo.test', password: DEMO_PASSWORD },
  });
  const root = {
    token: ((await login.json()) as { data: { token: string } }).data.token,
    accountId,
  };
  const products = await apiGet<{ id: number; sku: string }[]>(page, root, '/products');
  const tracker = products.find((p) => p.sku === 'WM-LL02');
  expect(tracker, 'the demo catalogue has the Mobile 200 tracker').toBeDefined();
  const response = await page.request.post(`/api/admin/accounts/${accountId}/orders`, {
    headers: { Authorization: `Bearer ${root.token}` },
    data: { items: [{ product_id: tracker!.id, quantity: 1 }], billing_term: 'up-front' },
  });
  expect(response.status(), 'the admin creates the order').toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function openPayment(page: Page, orderId: number) {
  await page.goto('/manage/orders');
  const row = page.getByRole('row').filter({ hasText: `#${orderId}` });
  await row.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const modal = page.getByRole('dialog', { name: 'Order Payment' });
  await expect(modal.getByText(`Order #${orderId}`)).toBeVisible();
  await expect(modal.getByText('Payment details')).toBeVisible();
  return modal;
}

for (const [user, brand, tabs] of [
  ['admin', 'a business', 1],
  ['consumer', 'a consumer', 0],
] as [DemoUser, string, number][]) {
  test(`${brand} account's payment modal has ${tabs ? 'the Credit Card tab' : 'no tabs'}`, async ({
    page,
    signIn,
  }) => {
    const session = await signIn(user);
    const modal = await openPayment(page, await newOrder(page, session.accountId));
    await expect(modal.getByRole('button', { name: 'Submit Payment' })).toBeVisible();
    await expect(modal.getByRole('tab', { name: 'Credit Card' })).toHaveCount(tabs);
  });
}
