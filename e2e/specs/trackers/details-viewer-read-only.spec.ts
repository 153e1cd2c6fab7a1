import type { Page } from '@playwright/test';
import { expect, test } from '../../support/test';

async function trackerIds(page: Page, token: string, accountId: number): Promise<number[]> {
  const response = await page.request.get(`/api/accounts/${accountId}/device-list`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { id: number }[] }).data.map((d) => d.id);
}

test('a viewer reads a tracker without edit controls and cannot open one outside their access', async ({
  page,
  signIn,
  sessionOf,
}) => {
  const viewer = await signIn('viewer');
  const accountId = viewer.accountId;
  const visible = await trackerIds(page, viewer.token, accountId);
  const all = await trackerIds(page, (await sessionOf('admin')).token, accountId);
  const hidden = all.find((id) => !visible.includes(id));
  expect(visible.length).toBeGreaterThan(0);
  expect(hidden).toBeDefined();

  await page.goto(`/trackers/${visible[0]}`);
  await expect(page.getByRole('button', { name: 'Info' })).toBeVisible();
  await expect(page.getByText('Serial')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download these points' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit name' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit note' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Access' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Commands' }).click();
  await expect(page.getByRole('button', { name: 'Send command' })).toHaveCount(0);

  // Reading is allowed: another range, and its points as a file.
  const picker = page.getByRole('button', { name: 'Date range' });
  const before = await picker.innerText();
  await picker.click();
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(picker).not.toHaveText(before);
  await expect(picker).toContainText('12:00 AM');
  await expect(picker).toContainText('11:59 PM');
  // The points go through the positions download modal: the file now...
  const points = page.getByRole('dialog', { name: 'Download Positions' });
  await page.getByRole('button', { name: 'Download these points' }).click();
  await expect(points).toContainText('12:00 AM');
  const download = page.waitForEvent('download');
  await points.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  await expect(points).toHaveCount(0);
  // ...or by e-mail, which the download confirmation then announces.
  await page.getByRole('button', { name: 'Download these points' }).click();
  await points.getByRole('button', { name: 'Email CSV' }).click();
  await expect(page.getByRole('dialog', { name: 'Download started' })).toContainText(
    'Your CSV is being generated. Once ready, you will receive an email notification with the download link',
  );
  await page.getByRole('button', { name: 'OK' }).click();

  // The admin variant is for platform admins only; others go back to the list.
  await page.goto(`/accounts/${accountId}/trackers/${visible[0]}`);
  await expect(page).toHaveURL(/\/trackers$/);

  await page.goto(`/trackers/${hidden}`);
  await expect(page.getByText('Looks like this page does not exist')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/trackers/${hidden}$`));
});
