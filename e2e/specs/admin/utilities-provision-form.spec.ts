import { expect, test } from '../../support/test';
import { DEMO_PASSWORD } from '../../support/users';

/**
 * Issue 35.16 and 35.20, on the Utilities' Provision card: with no model picked the card says
 * 'Model is required' (not the id's range); after a Provision the same model can be picked
 * again for the next serial (re-picking it used to clear it).
 */
test('Provision says Model is required, and the model stays pickable after a Provision', async ({
  page,
}) => {
  // root@demo.test belongs to no account, so the shared sign-in does not serve it.
  const login = await page.request.post('/api/token', {
    data: { email: 'root@demo.test', password: DEMO_PASSWORD },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.addInitScript((stored) => localStorage.setItem('waymark.token', stored), token);

  await page.goto('/utility');
  const card = page.getByRole('region', { name: 'Provision' });
  const serial = `FORMS-${Date.now() % 1_000_000}`;
  await card.getByLabel('Serial').fill(serial);
  await card.getByRole('button', { name: 'Provision' }).click();
  await expect(card.getByText('Model is required')).toBeVisible();
  await expect(card.getByText(/must be an id/)).toHaveCount(0);

  const model = card.getByRole('combobox', { name: 'Model' });
  await model.click();
  await page.getByRole('option', { name: 'Mobile 200 (ll02)' }).click();
  await expect(card.getByText('Model is required')).toHaveCount(0);
  await card.getByRole('button', { name: 'Provision' }).click();
  await expect(card.getByRole('status')).toHaveText(
    `Provisioned ${serial} (Mobile 200) into inventory`,
  );

  // The next tracker of the same model: picking it again keeps it.
  await card.getByLabel('Serial').fill(`${serial}-2`);
  await model.click();
  await page.getByRole('option', { name: 'Mobile 200 (ll02)' }).click();
  await expect(model).toHaveValue('Mobile 200 (ll02)');
  await card.getByRole('button', { name: 'Provision' }).click();
  await expect(card.getByRole('status')).toHaveText(
    `Provisioned ${serial}-2 (Mobile 200) into inventory`,
  );
});
