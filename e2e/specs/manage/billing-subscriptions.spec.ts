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
  const active = (await subscriptionsOf(page, session)).find((s) => s.status === 'active');
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

test('an admin reactivates a cancelled subscription on the annual plan, paid by the default card', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const cancelled = (await subscriptionsOf(page, session)).find((s) => s.status === 'cancelled');
  if (!cancelled) throw new Error('The demo account has no cancelled subscription');

  await page.goto(`/manage/subscriptions/${cancelled.id}`);
  await expect(page.getByRole('heading', { name: `Subscription #${cancelled.id}` })).toBeVisible();
  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  const modal = dialog(page, 'Reactivate Subscription');
  await modal.getByRole('radio', { name: /^Annual - \$/ }).check();
  await modal.getByRole('button', { name: 'Reactivate Subscription' }).click();
  // The demo's default card goes through the sandbox provider and its webhook.
  await expect(page.getByText('Subscription has been activated.')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/manage/subscriptions/${cancelled.id}$`));
  await expect(page.getByRole('heading', { name: /^Subscription #\d+$/ })).toBeVisible();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Current Plan' })).toContainText('Annual');
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
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
