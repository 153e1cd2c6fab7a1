import { readFile } from 'node:fs/promises';
import { expect, expectSignedIn, test } from '../../support/test';

test('the listed trackers download as a positions CSV, or are sent by e-mail', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await page.getByPlaceholder('Search Trackers...').fill('Truck 07');
  await expect(page.getByRole('button', { name: 'Show Truck 07 on map' })).toBeVisible();

  await page.getByRole('button', { name: 'Download' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download positions CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const [header, ...rows] = csv.trim().split('\n');
  expect(header).toMatch(/lat/i);
  // Two days of a moving demo tracker, and only the tracker the search left in the list.
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.every((row) => row.includes('Truck 07'))).toBe(true);

  await page.getByRole('button', { name: 'Download' }).click();
  await page.getByRole('menuitem', { name: 'Email positions CSV' }).click();
  await expect(
    page.getByText(
      'Your CSV is being generated. Once ready, you will receive an email notification with the download link',
    ),
  ).toBeVisible();
});
