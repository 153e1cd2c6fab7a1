import { expect, test } from '../../support/test';
import { DEMO_PASSWORD } from '../../support/users';

/**
 * Issue 23 (spec 002 §2.6): a platform admin filters the Utilities down to Set Flags, turns a
 * setting on for an account, reads the result on the card, and finds the change in the
 * account and the run in the audit log.
 */
test('a platform admin sets an account flag from the Utilities and finds it in the audit log', async ({
  page,
}) => {
  // root@demo.test belongs to no account, so the shared sign-in does not serve it.
  const login = await page.request.post('/api/token', {
    data: { email: 'root@demo.test', password: DEMO_PASSWORD },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.addInitScript((stored) => localStorage.setItem('waymark.token', stored), token);

  await page.goto('/');
  await page.getByRole('link', { name: 'Utilities', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Utilities' })).toBeVisible();
  const cards = page.locator('section');
  await expect(cards.getByRole('heading', { name: 'Clear Device' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Clear Device' }).getByText(/irreversible/),
  ).toBeVisible();

  await page.getByLabel('Filter Actions').fill('flags');
  await expect(cards).toHaveCount(1);
  const card = page.getByRole('region', { name: 'Set Flags' });
  await expect(card).toBeVisible();

  // Demo Startup has no uses_gpx_app, so included_in_cs changes nothing another test sees.
  await card.getByLabel('Account').fill('Demo Startup');
  await page.getByRole('option', { name: /Demo Startup/ }).click();
  await card.getByLabel('Flag or setting').fill('included_in_cs');
  await page.getByRole('option', { name: 'included_in_cs (setting)' }).click();
  await card.getByRole('button', { name: 'Set Flag' }).click();
  await expect(card.getByRole('status')).toHaveText('Set flags of Demo Startup: included_in_cs on');

  // The effect: the account's setting, as the API shows the account.
  const accounts = await page.request.get('/api/admin/accounts?query=Demo%20Startup', {
    headers: { authorization: `Bearer ${token}` },
  });
  const startup = (
    (await accounts.json()) as {
      data: { title: string; settings: { code: string; value: string | null }[] }[];
    }
  ).data.find((a) => a.title === 'Demo Startup');
  expect(startup?.settings).toContainEqual({ code: 'included_in_cs', value: '1' });

  await page.getByRole('link', { name: 'Audit Log' }).first().click();
  await page.getByLabel('Search entries').fill('Set Flags');
  const entry = page
    .getByRole('row')
    .filter({ hasText: 'Set Flags: Set flags of Demo Startup: included_in_cs on' })
    .first();
  await expect(entry).toContainText('POST /api/admin/utilities/flags');
  await expect(entry).toContainText('Riley Root (root@demo.test)');
});
