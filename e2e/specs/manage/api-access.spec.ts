import { expect, test } from '../../support/test';

// Demo Startup's token: resetting it never touches Demo Logistics' token, which other tests
// send positions with.
test('an admin copies and resets the API token, and only the new one calls the API', async ({
  page,
  context,
  signIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const session = await signIn('newcomer');
  await page.goto('/manage/api');
  const field = page.getByRole('textbox', { name: 'API token' });
  await expect(field).toHaveAttribute('readonly');
  await expect(field).not.toHaveValue('');
  const old = await field.inputValue();

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(old);

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(field).not.toHaveValue(old);
  const fresh = await field.inputValue();

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
