import type { Page } from '@playwright/test';
import { apiGet, type Session } from '../../support/session';
import { expect, expectSignedIn, test } from '../../support/test';

interface ApiSubscription {
  id: number;
  status: string;
  devices: { name: string; serial: string }[];
}

const subscriptionsOf = (page: Page, session: Session) =>
  apiGet<ApiSubscription[]>(
    page,
    session,
    `/accounts/${session.accountId}/subscriptions?per_page=100&include=devices`,
  );

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

test('an admin cancels a subscription and activates it again', async ({ page, signIn }) => {
  const session = await signIn('admin');
  // A tracker's subscription (the reactivation below makes one without a tracker active).
  const active = (await subscriptionsOf(page, session)).find(
    (s) => s.status === 'active' && s.devices.length > 0,
  );
  if (!active) throw new Error('The demo account has no active subscription');
  const device = active.devices[0]!;

  // /manage opens the Subscriptions tab; the row shows the tracker and opens the detail.
  await page.goto('/manage');
  await expectSignedIn(page, 'admin');
  await expect(page).toHaveURL(/\/manage\/subscriptions$/);
  for (const header of ['Device Name', 'Serial Number', 'Next Renewal', 'Active Since', 'Status']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }
  await page.goto(`/manage/subscriptions/${active.id}`);
  await expect(page.getByRole('heading', { name: `Subscription #${active.id}` })).toBeVisible();
  await expect(page.getByText(`Serial: ${device.serial}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Current Plan' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Next Renewal' })).toBeVisible();

  // Cancel: the subscription runs to its end, 'Cancelling:' that date.
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await dialog(page, 'Cancel Subscription')
    .getByRole('button', { name: 'Cancel Subscription' })
    .click();
  await expect(page.getByText('Subscription has been cancelled')).toBeVisible();
  await expect(page.getByText('Cancelling:')).toBeVisible();
  await expect(page.getByText('Pending Cancellation').first()).toBeVisible();

  // Activate takes the cancellation back.
  await page.getByRole('button', { name: 'Activate Subscription' }).click();
  await dialog(page, 'Activate Subscription')
    .getByRole('button', { name: 'Activate Subscription' })
    .click();
  await expect(page.getByText('Subscription has been activated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  await expect(page.getByText('Cancelling:')).toHaveCount(0);
});

test('an admin cancels a lapsed subscription, then reactivates it on the annual plan', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  // The demo's lapsed subscription (apps/server/src/demo/demo-billing.ts): blocked, its tracker
  // returned. Only this test takes it, so no tracker another test reads changes status.
  const lapsed = (await subscriptionsOf(page, session)).find(
    (s) => s.status === 'blocked' && s.devices.length === 0,
  );
  if (!lapsed) throw new Error('The demo account has no lapsed subscription');

  // The Blocked filter lists it; with no tracker its row says so and names the subscription,
  // instead of a row of dashes.
  await page.goto('/manage/subscriptions');
  await page.getByRole('combobox', { name: 'Status filter' }).click();
  await page.getByRole('option', { name: 'Blocked', exact: true }).click();
  const row = page
    .getByRole('row')
    .filter({ hasText: `No tracker · Subscription #${lapsed.id} (Monthly)` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('-');
  await expect(row.getByRole('cell').nth(4)).toHaveText('Blocked');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/manage/subscriptions/${lapsed.id}$`));
  await expect(page.getByRole('heading', { name: `Subscription #${lapsed.id}` })).toBeVisible();
  await expect(page.getByText('Blocked', { exact: true })).toBeVisible();
  await expect(page.getByText('No tracker is assigned to this subscription.')).toBeVisible();

  // Cancel: a blocked subscription has no paid time left, so it is cancelled now.
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const cancel = dialog(page, 'Cancel Subscription');
  await expect(cancel).toContainText('it is cancelled now');
  await cancel.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByText('Subscription has been cancelled')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText('Next payment:')).toHaveCount(0);
  await expect(page.getByText('Cancelling:')).toHaveCount(0);

  // Reactivate: choose the plan; the default card pays it.
  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  const modal = dialog(page, 'Reactivate Subscription');
  await expect(modal.getByRole('radio', { name: 'Monthly - $19.95' })).toBeChecked();
  await modal.getByRole('radio', { name: 'Annual - $199.95 (save $39.45)' }).check();
  await expect(modal.getByText('Add a payment method before reactivating')).toHaveCount(0);
  // Before anything is charged, the modal says how much and to which card.
  await expect(
    modal.getByText(/^\$199\.95 will be charged now to Visa \*4242, expires 12\/\d{4}\.$/),
  ).toBeVisible();
  // The sandbox charges the saved card within the call, so the new subscription is paid by
  // the modal's first look at it. Holding that look back shows what a slower payment shows.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/subscriptions\/\d+$/, async (route) => {
    await released;
    await route.continue();
  });
  await modal.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(modal.getByText('Payment is processing')).toBeVisible();
  release();
  await expect(page.getByText('Subscription has been activated.')).toBeVisible();
  await page.unroute(/\/api\/subscriptions\/\d+$/);

  // The new subscription: active, on the annual plan, with the order that paid it.
  await expect(page).not.toHaveURL(new RegExp(`/manage/subscriptions/${lapsed.id}$`));
  const heading = page.getByRole('heading', { name: /^Subscription #\d+$/ });
  await expect(heading).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Current Plan' })).toContainText('Annual');
  await expect(page.getByRole('region', { name: 'Next Renewal' })).toContainText('Annual');
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^#\d+$/ })).toHaveCount(1);

  // The old one is archived: shown as Cancelled, with no button.
  await page.goto(`/manage/subscriptions/${lapsed.id}`);
  await expect(page.getByRole('heading', { name: `Subscription #${lapsed.id}` })).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Subscription$/ })).toHaveCount(0);
});

test('the status filter narrows the subscriptions, and says when it hides them all', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const all = await subscriptionsOf(page, session);
  const statuses = new Set(all.map((s) => s.status));
  await page.goto('/manage/subscriptions');
  await page.getByRole('combobox', { name: 'Status filter' }).click();
  // A status no demo subscription has shows the filter's empty state.
  const absent = ['blocked', 'pending-renewal', 'pending', 'cancelled'].find(
    (s) => !statuses.has(s),
  );
  const labels: Record<string, string> = {
    blocked: 'Blocked',
    'pending-renewal': 'Pending Renewal',
    pending: 'Provisioned',
    cancelled: 'Cancelled',
  };
  if (absent) {
    await page.getByRole('option', { name: labels[absent]!, exact: true }).click();
    await expect(page.getByText('No results match')).toBeVisible();
    await expect(page.getByText('The active filter is hiding all subscriptions')).toBeVisible();
  } else {
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Cancelled' })).toHaveCount(0);
  }
});
