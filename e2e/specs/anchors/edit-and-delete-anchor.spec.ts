import type { Page } from '@playwright/test';
import { uniqueName, type Session } from '../../support/session';
import { expect, test } from '../../support/test';

/** An anchor made through the API, so this test owns it. */
async function anchorByApi(page: Page, session: Session, name: string) {
  const headers = { Authorization: `Bearer ${session.token}` };
  const me = (await (await page.request.get('/api/me', { headers })).json()) as {
    data: { accounts: { id: number; title: string }[] };
  };
  const account = me.data.accounts.find((a) => a.title === 'Demo Logistics')!;
  const response = await page.request.post(`/api/accounts/${account.id}/anchors`, {
    headers,
    data: { name, serial: `e2e-${Date.now()}`, lat: 41.88, lng: -87.63, radius: 40 },
  });
  expect(response.status()).toBe(200);
}

test('a user edits an anchor in the wizard and deletes it from the list', async ({
  page,
  signIn,
}) => {
  const session = await signIn('user');
  const name = uniqueName('Yard beacon');
  await anchorByApi(page, session, name);
  await page.goto('/anchors');
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('40 ft');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByLabel('Name').fill(`${name} east`);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('anchor-point')).toHaveText('Point 41.88000, -87.63000');
  await dialog.getByLabel('Radius').click();
  await page.getByRole('option', { name: '70 ft' }).click();
  // Each step drawn before the next click, so a busy machine cannot swallow one.
  for (const next of ['3/4', '4/4', 'Review']) {
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByTestId('anchor-wizard-step')).toHaveText(next);
  }
  // The save's answer first: if it fails, the test says how, not only that no toast came.
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/anchors\/\d+$/.test(new URL(r.url()).pathname),
  );
  await dialog.getByRole('button', { name: 'Save Anchor' }).click();
  const response = await saved;
  expect(response.status(), await response.text()).toBe(200);
  await expect(page.getByText(`${name} east has been updated`)).toBeVisible();

  const edited = page.getByRole('listitem').filter({ hasText: `${name} east` });
  await expect(edited).toContainText('70 ft');
  await edited.getByRole('button', { name: `Show ${name} east on the map` }).click();
  await expect(page.getByTestId('anchor-popup')).toContainText('Radius 70 ft');

  await edited.getByRole('button', { name: `Delete ${name} east` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`${name} east has been deleted`)).toBeVisible();
  await expect(edited).toHaveCount(0);
});
