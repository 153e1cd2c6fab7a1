import { expect, test } from '@playwright/test';
import { logInAs } from '../../support/login';
import { apiGet, browserSession } from '../../support/session';

test('tracker details say when the stops of the range cannot be loaded', async ({ page }) => {
  await logInAs(page, 'admin@demo.test', 'Alex Admin');
  const session = await browserSession(page);
  const trackers = await apiGet<{ id: number; name: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  const truck = trackers.find((t) => t.name === 'Truck 07')!;

  // The connection drops whenever the stops are asked for; the rest of the screen answers.
  await page.route('**/stops?**', (route) => route.abort('connectionreset'));
  await page.goto(`/trackers/${truck.id}`);
  await expect(page.getByTestId('tracker-popup').getByText('Truck 07')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot load stops' })).toBeVisible({
    timeout: 15_000,
  });
  // The positions of the range still load: the screen stays usable.
  await expect(page.getByRole('button', { name: 'Download these points' })).toBeEnabled();
});
