import type { Page } from '@playwright/test';
import { fleetMap } from '../../support/map';
import { expect, test } from '../../support/test';
import { DEMO_PASSWORD } from '../../support/users';

/** The demo hardware the simulator sends before anyone provisioned it (DEMO_UNPROVISIONED). */
const UNPROVISIONED_SERIAL = '869000000000900';
/** A demo report every 30 s: the next one may be that far away, and the machine busy. */
const NEXT_REPORT_MS = 90_000;

/** root@demo.test belongs to no account, so the shared sign-in does not serve it. */
async function signInAsPlatformAdmin(page: Page) {
  const login = await page.request.post('/api/token', {
    data: { email: 'root@demo.test', password: DEMO_PASSWORD },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.addInitScript((stored) => localStorage.setItem('waymark.token', stored), token);
  return { Authorization: `Bearer ${token}` };
}

test("a platform admin finds another account's tracker and opens its admin details", async ({
  page,
}) => {
  await signInAsPlatformAdmin(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Devices', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  await page.getByLabel('Search devices').fill('Pickup 60');
  const row = page.getByRole('row').filter({ hasText: 'Pickup 60' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Demo Logistics');
  await row.getByRole('link', { name: 'Pickup 60' }).click();

  await expect(page).toHaveURL(/\/accounts\/\d+\/trackers\/\d+$/);
  await expect(page.getByText('Pickup 60').first()).toBeVisible();
  await page.getByRole('link', { name: 'All Devices' }).click();
  await expect(page).toHaveURL(/\/admin\/devices$/);
});

test('a serial the simulator sends is provisioned into an account and shows on its map', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const auth = await signInAsPlatformAdmin(page);
  // The simulator's first report of it may still be on its way after the server started.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/admin/unassigned-devices', { headers: auth });
        const { data } = (await answer.json()) as { data: { serial: string }[] };
        return data.some((d) => d.serial === UNPROVISIONED_SERIAL);
      },
      { timeout: NEXT_REPORT_MS },
    )
    .toBe(true);

  await page.goto('/admin/devices');
  const serials = page.getByRole('table', { name: 'Unassigned serials' });
  await serials.getByRole('button', { name: `Provision ${UNPROVISIONED_SERIAL}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Provision' });
  await dialog.getByRole('combobox', { name: 'Account' }).fill('Demo Rentals');
  await page.getByRole('option', { name: /Demo Rentals/ }).click();
  await dialog.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: /Mobile 200/ }).click();
  await dialog.getByLabel('Tracker name').fill('Rental Van 900');
  await dialog.getByRole('button', { name: 'Provision' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(serials.getByText(UNPROVISIONED_SERIAL)).toHaveCount(0);

  // The tracker is the account's now: its next report puts it on the account's map.
  await page.getByLabel('Search devices').fill('Rental Van 900');
  await expect(page.getByRole('row').filter({ hasText: 'Rental Van 900' })).toContainText(
    'Demo Rentals',
  );
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/admin/devices?query=Rental%20Van%20900', {
          headers: auth,
        });
        const { data } = (await answer.json()) as { data: { last_fix_at: string | null }[] };
        return data[0]?.last_fix_at ?? null;
      },
      { timeout: NEXT_REPORT_MS },
    )
    .not.toBeNull();

  await page.goto('/admin/accounts');
  await page.getByLabel('Search accounts').fill('Demo Rentals');
  await page.getByRole('button', { name: 'Open Demo Rentals' }).click();
  await expect(page).toHaveURL(/\/trackers/);
  await expect(page.getByText('Rental Van 900').first()).toBeVisible();
  await expect(fleetMap(page)).toHaveAttribute('data-trackers', '1');
});
