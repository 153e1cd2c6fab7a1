import { expect, expectSignedIn, test } from '../../support/test';

test('the list column hides, and its width is kept in a cookie across visits', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const trackers = page.getByRole('list', { name: 'Trackers' });
  const handle = page.getByRole('separator', { name: 'Resize the trackers list' });
  // Spec 000 §2.3: 33 % by default.
  await expect(handle).toHaveAttribute('aria-valuenow', '33');

  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', '37');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'waymark.trackerColumns');
  // Kept for 365 days.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
  await page.reload();
  await expect(handle).toHaveAttribute('aria-valuenow', '37');

  await page.getByRole('button', { name: 'Hide list' }).click();
  await expect(trackers).toHaveCount(0);
  await expect(page.getByTestId('fleet-map')).toBeVisible();
  await page.getByRole('button', { name: 'Show list' }).click();
  await expect(trackers).toBeVisible();
});

test('below 768 px one column shows, switched between list and map', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const column = page.getByRole('radiogroup', { name: 'Column' });
  await expect(page.getByRole('list', { name: 'Trackers' })).toBeVisible();
  await expect(page.getByTestId('fleet-map')).toHaveCount(0);

  await column.getByText('Map').click();
  await expect(page.getByTestId('fleet-map')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Trackers' })).toHaveCount(0);
  await column.getByText('List').click();
  await expect(page.getByRole('list', { name: 'Trackers' })).toBeVisible();
});
