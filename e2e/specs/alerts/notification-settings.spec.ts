import { apiGet } from '../../support/session';
import type { NotificationSetting } from '../../support/alerts';
import { expect, test } from '../../support/test';

test('a manager chooses the alerts to receive and finds the choice kept', async ({
  page,
  signIn,
}) => {
  const session = await signIn('manager');
  await page.goto('/alerts');
  const form = page.getByRole('form', { name: 'Notifications' });
  await expect(form.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  // Spec 001 §6: the financial codes and their heading are for admins of business accounts.
  await expect(form.getByText('Device Notifications')).toHaveCount(0);
  await expect(form.getByLabel('Billing notifications')).toHaveCount(0);
  await expect(form.getByLabel('Subscription notifications')).toHaveCount(0);
  // The Email option shows the address; without a phone there is no SMS option.
  await expect(form.getByLabel('Email (manager@demo.test)')).toBeVisible();
  await expect(form.getByLabel(/^SMS/)).toHaveCount(0);

  const lowBattery = form.getByLabel('Low battery');
  const geofences = form.getByLabel('Geofence enter and exit');
  const email = form.getByLabel('Email (manager@demo.test)');
  await lowBattery.setChecked(true);
  await geofences.setChecked(false);
  await email.setChecked(true);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();

  await page.reload();
  await expect(form.getByLabel('Low battery')).toBeChecked();
  await expect(form.getByLabel('Geofence enter and exit')).not.toBeChecked();
  await expect(form.getByLabel('Email (manager@demo.test)')).toBeChecked();
  const stored = await apiGet<NotificationSetting[]>(
    page,
    session,
    `/accounts/${session.accountId}/notification-settings`,
  );
  expect(stored).toEqual(
    expect.arrayContaining([
      { code: 'notify_low_charge', value: 1 },
      { code: 'notify_geofence_enter_exit', value: 0 },
      { code: 'notify_via_email', value: 1 },
    ]),
  );
});

test('an admin of a business account also sees the financial notifications', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/alerts');
  const form = page.getByRole('form', { name: 'Notifications' });
  await expect(form.getByRole('heading', { name: 'Device Notifications' })).toBeVisible();
  await expect(form.getByLabel('Subscription notifications')).toBeVisible();
  await expect(form.getByLabel('Billing notifications')).toBeVisible();
  await expect(form.getByLabel('Email (admin@demo.test)')).toBeVisible();
});
