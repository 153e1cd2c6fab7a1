import type { Page } from '@playwright/test';
import { apiGet } from '../../support/session';
import { expect, expectSignedIn, test } from '../../support/test';
import { DEMO_PASSWORD } from '../../support/users';

/** Cents as a person reads them on the invoice: 1669 → '$16.69'. */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function rootSession(page: Page, accountId: number) {
  const response = await page.request.post('/api/token', {
    data: { email: 'root@demo.test', password: DEMO_PASSWORD },
  });
  return { token: ((await response.json()) as { data: { token: string } }).data.token, accountId };
}

test('an annual plan says what it saves against twelve monthly prices', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const subscriptions = await apiGet<{ id: number; months: number; actual_price: number }[]>(
    page,
    session,
    `/accounts/${session.accountId}/subscriptions?per_page=100`,
  );
  const annual = subscriptions.find((s) => s.months === 12 && s.actual_price === 19_900);
  if (!annual) throw new Error('The demo account has no $199.00 annual subscription');
  await page.goto(`/manage/subscriptions/${annual.id}`);
  await expectSignedIn(page, 'admin');
  const plan = page.getByRole('region', { name: 'Current Plan' });
  await expect(plan).toContainText('$199.00');
  // 12 × $19.95 = $239.40, less $199.00.
  await expect(plan.getByText('You save $40.40 a year')).toBeVisible();
});

test('a schedule whose cents do not split evenly says its last payment, and adds up', async ({
  page,
  signIn,
  browser,
}) => {
  const session = await signIn('admin');
  const root = await rootSession(page, session.accountId);
  const products = await apiGet<{ id: number; sku: string }[]>(page, root, '/products');
  const plan = products.find((p) => p.sku === 'WM-PLAN')!;
  const made = await page.request.post(`/api/admin/accounts/${session.accountId}/orders`, {
    headers: { Authorization: `Bearer ${root.token}` },
    data: { items: [{ product_id: plan.id, quantity: 1, months: 12 }], billing_term: 'monthly' },
  });
  expect(made.status()).toBe(201);
  const order = (
    (await made.json()) as {
      data: { id: number; approve_url: string; payments: { amount: number }[] };
    }
  ).data;
  const amounts = order.payments.map((p) => p.amount);
  const total = amounts.reduce((sum, a) => sum + a, 0);
  const regular = amounts[0]!;
  const last = amounts[amounts.length - 1]!;
  // The rule: every payment but the last the even share; the last takes the rest.
  expect(amounts).toHaveLength(12);
  expect(new Set(amounts.slice(0, -1))).toEqual(new Set([regular]));
  expect(11 * regular + last).toBe(total);
  expect(last).not.toBe(regular);

  const guest = await browser.newPage();
  try {
    await guest.goto(new URL(order.approve_url).pathname);
    const schedule = guest.getByLabel('Payment schedule');
    await expect(schedule.getByText('12 monthly payments of')).toBeVisible();
    await expect(schedule).toContainText(dollars(regular));
    await expect(schedule.getByText('The last payment')).toBeVisible();
    await expect(schedule).toContainText(dollars(last));
    await guest.getByRole('button', { name: 'Continue to Payment' }).click();
    const modal = guest.getByRole('dialog', { name: 'Order Payment' });
    await expect(
      modal.getByText(
        `I agree to be charged 12 monthly payments of ${dollars(regular)} (the last one ${dollars(last)}).`,
      ),
    ).toBeVisible();
  } finally {
    await guest.close();
  }
});
