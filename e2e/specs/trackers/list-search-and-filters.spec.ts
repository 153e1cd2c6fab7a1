import { expect, expectSignedIn, test } from '../../support/test';

test('search narrows the list and is kept in the URL', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const list = page.getByRole('list', { name: 'Trackers' });
  await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');

  await page.getByPlaceholder('Search Trackers...').fill('truck 07');
  await expect(page).toHaveURL(/[?&]search=truck\+07/);
  await expect(page.getByTestId('tracker-count')).toHaveText('1 tracker');
  await expect(list.getByRole('listitem', { name: 'Truck 07' })).toBeVisible();

  // Serials match too, case-insensitively.
  await page.getByPlaceholder('Search Trackers...').fill('869000000000059');
  await expect(list.getByRole('listitem', { name: 'Pickup 60' })).toBeVisible();
  await expect(page.getByTestId('tracker-count')).toHaveText('1 tracker');

  // A deep link with ?search= starts filtered.
  await page.goto('/trackers?search=reefer');
  await expect(page.getByPlaceholder('Search Trackers...')).toHaveValue('reefer');
  await expect(list.getByRole('listitem').first()).toContainText('Reefer');
  await expect(list.getByRole('listitem', { name: 'Truck 07' })).toHaveCount(0);

  // Nothing matching says so, rather than an empty box.
  await page.getByPlaceholder('Search Trackers...').fill('no such tracker');
  await expect(page.getByTestId('tracker-count')).toHaveText('0 trackers');
  await expect(page.getByText('No tracker matches the search or the filters')).toBeVisible();
});

test('a filter hides trackers that have not reported and survives a reload', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const list = page.getByRole('list', { name: 'Trackers' });
  // Van 56 is still being provisioned: it has never reported a position.
  await page.getByPlaceholder('Search Trackers...').fill('Van 56');
  const van = list.getByRole('listitem', { name: 'Van 56' });
  await expect(van).toBeVisible();
  await expect(van.getByText('Provisioned', { exact: true })).toBeVisible();
  await expect(van.getByText(/Your tracker is being provisioned/)).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('switch', { name: 'Hide trackers not reported in 7 days' }).check();
  await expect(van).toHaveCount(0);
  await expect(page.getByTestId('tracker-count')).toHaveText('0 trackers');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByPlaceholder('Search Trackers...')).toHaveValue('Van 56');
  await expect(page.getByTestId('tracker-count')).toHaveText('0 trackers');
  await page.getByRole('button', { name: /Filters/ }).click();
  await expect(
    page.getByRole('switch', { name: 'Hide trackers not reported in 7 days' }),
  ).toBeChecked();

  // Switching it off brings the tracker back.
  await page.getByRole('switch', { name: 'Hide trackers not reported in 7 days' }).uncheck();
  await expect(van).toBeVisible();
});

test('page size choices and the pager', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');
  const pageButton = (n: string) => page.getByRole('button', { name: n, exact: true });
  await pageButton('3').click();
  await expect(pageButton('3')).toHaveAttribute('data-active', 'true');
  await expect(page.getByRole('list', { name: 'Trackers' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('combobox', { name: 'Page size' }).click();
  await page.getByRole('option', { name: '100' }).click();
  // A new page size starts again at page 1, and one page holds everything.
  await expect(pageButton('1')).toHaveAttribute('data-active', 'true');
  await expect(pageButton('2')).toHaveCount(0);
});
