import { expect, test } from '../../support/test';

// Demo Startup's token: resetting it never touches Demo Logistics' token, which other tests
// send positions with.
test('an admin reveals, copies and resets the masked API token; only the new one calls the API', async ({
  page,
  context,
  signIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const session = await signIn('newcomer');
  await page.goto('/manage/api');
  const field = page.getByRole('textbox', { name: 'API token' });
  await expect(field).toHaveAttribute('readonly');
  // Masked until revealed: bullets and the last four characters.
  await expect(field).toHaveValue(/^•+[^•]{4}$/);
  const masked = await field.inputValue();
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(field).not.toHaveValue(/•/);
  const old = await field.inputValue();
  expect(old).toHaveLength(masked.length);
  expect(old.slice(-4)).toBe(masked.slice(-4));
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(field).toHaveValue(masked);

  // Copy gives the token itself, masked or not.
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(old);

  // Reset asks first: Cancel keeps the token.
  const confirm = page.getByRole('dialog', { name: 'Reset API Token' });
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(confirm.getByText(/^Reset the API token\?/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(field).toHaveValue(masked);

  await page.getByRole('button', { name: 'Reset' }).click();
  await confirm.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('The API token has been reset')).toBeVisible();
  await expect(field).not.toHaveValue(masked);
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(field).not.toHaveValue(/•/);
  const fresh = await field.inputValue();
  expect(fresh).not.toBe(old);

  // The page's own fetch, as an API client would call it.
  const call = (token: string) =>
    page.evaluate(
      async ([t, id]) =>
        (await fetch(`/api/accounts/${id}/users`, { headers: { Authorization: `Bearer ${t}` } }))
          .status,
      [token, session.accountId] as const,
    );
  expect(await call(fresh)).toBe(200);
  expect(await call(old)).toBe(401);
});
