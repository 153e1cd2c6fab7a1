import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';

test('tracker details say when the stops of the range cannot be loaded', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const trackers = await apiGet<{ id: number; name: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  const truck = trackers.find((t) => t.name === 'Truck 07')!;

  // The connection drops whenever the stops are asked for; the rest of the screen answers.
  await page.route('**/stops?**', (route) => route.abort('connectionreset'));
  await page.goto(`/trackers/${truck.id}`);
  await expect(page.getByTestId('tracker-popup').getByText('Truck 07')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot load stops' })).toBeVisible();
  // The positions of the range still load: the screen stays usable.
  await expect(page.getByRole('button', { name: 'Download these points' })).toBeEnabled();
});
