import { expect, expectSignedIn, test } from '../../support/test';

test('the search icon slides the search field shut, clearing it, and open again', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');
  const field = page.getByPlaceholder('Search Trackers...');
  await field.fill('truck 07');
  await expect(page.getByTestId('tracker-count')).toHaveText('1 tracker');

  await page.getByRole('button', { name: 'Hide search' }).click();
  await expect(field).toBeHidden();
  await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');
  await expect(page).not.toHaveURL(/search=/);

  await page.getByRole('button', { name: 'Show search' }).click();
  await expect(field).toBeVisible();
  await expect(field).toHaveValue('');
  await field.fill('reefer');
  await expect(page).toHaveURL(/[?&]search=reefer/);
});

test('a tracker that never reported shows the yellow warning for 3 seconds', async ({
  page,
  signIn,
}) => {
  const { token, accountId } = await signIn('admin');
  const pending = await page.request.get(
    `/api/accounts/${accountId}/device-list?subscription_status=pending&with_current_position=1`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  const [never] = ((await pending.json()) as { data: { id: number; current_position: null }[] })
    .data;
  expect(never?.current_position).toBeNull();

  await page.goto(`/trackers/${never!.id}`);
  const warning = page
    .getByRole('alert')
    .filter({ hasText: 'This tracker has no reported positions' });
  await expect(warning).toBeVisible();
  await expect(warning.getByLabel('Warning')).toBeVisible();
  // Gone after its 3 s (with room for the closing animation).
  await expect(warning).toBeHidden({ timeout: 6_000 });
});
