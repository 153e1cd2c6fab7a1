import type { Page } from '@playwright/test';
import { apiGet, type Session } from '../../support/session';
import { expect, expectSignedIn, test } from '../../support/test';
import { DEMO_PASSWORD } from '../../support/users';

/**
 * Paying orders through the sandbox provider, as a customer does: from Order History with a
 * new card and then with the saved one, and on the public approve link without a login. Each
 * test pays orders of its own, made by the platform admin as sales does, so the demo's orders
 * stay as other tests read them.
 */

interface CreatedOrder {
  id: number;
  approve_url: string;
}

async function tokenOf(page: Page, email: string) {
  const response = await page.request.post('/api/token', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.ok(), `sign-in of ${email}`).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** A new pending-approval order for one tracker, made by the platform admin. */
async function newOrder(page: Page, accountId: number): Promise<CreatedOrder> {
  const root = { token: await tokenOf(page, 'root@demo.test'), accountId };
  const products = await apiGet<{ id: number; sku: string }[]>(page, root, '/products');
  const tracker = products.find((p) => p.sku === 'WM-LL02');
  expect(tracker, 'the demo catalogue has the Mobile 200 tracker').toBeDefined();
  const response = await page.request.post(`/api/admin/accounts/${accountId}/orders`, {
    headers: { Authorization: `Bearer ${root.token}` },
    data: { items: [{ product_id: tracker!.id, quantity: 1 }], billing_term: 'up-front' },
  });
  expect(response.status(), 'the admin creates the order').toBe(201);
  return ((await response.json()) as { data: CreatedOrder }).data;
}

/** The statuses an order can be paid in (spec 002 §4.2): a paid order has left them. */
const PAYABLE = ['quote', 'pending-approval', 'pending', 'failed'];

/** Paid shows in the order's status once the provider's webhook has arrived. */
async function expectPaid(page: Page, session: Session, orderId: number) {
  await expect
    .poll(async () => {
      const order = await apiGet<{ status: string }>(page, session, `/orders/${orderId}`);
      return PAYABLE.includes(order.status);
    })
    .toBe(false);
}

/** From Order History: the order's Pay Now, the invoice's schedule, then the payment modal. */
async function openPayment(page: Page, orderId: number) {
  await page.goto('/manage/orders');
  const row = page.getByRole('row').filter({ hasText: `#${orderId}` });
  await row.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const modal = page.getByRole('dialog', { name: 'Order Payment' });
  await expect(modal.getByText(`Order #${orderId}`)).toBeVisible();
  return modal;
}

async function fillCard(page: Page, number: string) {
  const card = page.frameLocator('iframe[title="Card details"]');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
}

test('an admin pays one order with a new card and the next with the saved card', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const first = await newOrder(page, session.accountId);
  const second = await newOrder(page, session.accountId);

  // A new card, typed into the provider's form.
  let modal = await openPayment(page, first.id);
  await expectSignedIn(page, 'admin');
  const submit = modal.getByRole('button', { name: 'Submit Payment' });
  await modal.getByLabel('Use default').uncheck({ force: true });
  await fillCard(page, '4242 4242 4242 4242');
  await modal.getByRole('checkbox', { name: /./ }).last().check();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
  await expectPaid(page, session, first.id);

  // The saved default card: nothing to type.
  modal = await openPayment(page, second.id);
  await expect(modal.getByLabel('Use default')).toBeChecked();
  await expect(modal.getByLabel('Saved card')).toHaveValue(/4242/);
  await modal.getByRole('checkbox', { name: /./ }).last().check();
  await modal.getByRole('button', { name: 'Submit Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
  await expectPaid(page, session, second.id);

  // Paid orders offer their invoice and no longer Pay Now.
  await page.goto('/manage/orders');
  const row = page.getByRole('row').filter({ hasText: `#${second.id}` });
  await expect(row.getByRole('button', { name: 'View Invoice' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
});

test('the approve link is paid without a login, after a declined card', async ({
  page,
  signIn,
  browser,
}) => {
  const session = await signIn('admin');
  const order = await newOrder(page, session.accountId);
  const approvePath = new URL(order.approve_url, 'http://localhost').pathname;
  expect(approvePath).toMatch(/^\/approve-order\/[0-9a-f-]{36}$/);

  const guest = await browser.newPage();
  try {
    await guest.goto(approvePath);
    await expect(
      guest.getByRole('heading', { name: `Invoice for Order #${order.id}` }),
    ).toBeVisible();
    await expect(guest.getByText('This order has been sent to you by:')).toBeVisible();
    await guest.getByRole('button', { name: 'Continue to Payment' }).click();
    const modal = guest.getByRole('dialog', { name: 'Order Payment' });
    // No saved cards for a visitor: the card form at once.
    await expect(modal.getByLabel('Use default')).toHaveCount(0);
    await modal.getByRole('checkbox', { name: /./ }).last().check();

    await fillCard(guest, '4000 0000 0000 0002');
    await modal.getByRole('button', { name: 'Submit Payment' }).click();
    await expect(modal.getByRole('alert')).toBeVisible();

    await fillCard(guest, '4242 4242 4242 4242');
    await modal.getByRole('button', { name: 'Submit Payment' }).click();
    await expect(guest).toHaveURL(/\/approve-order-success/);
    await expectPaid(page, session, order.id);
  } finally {
    await guest.close();
  }
});
