import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';

interface AlertEvent {
  id: number;
  description: string;
  event_type: string;
  device: { name: string };
}

test('a power user reads the second page of Recent Alerts', async ({ page, signIn }) => {
  const session = await signIn('user');
  await page.goto('/alerts');
  const table = page.getByRole('table', { name: 'Recent Alerts' });
  await expect(page.getByRole('heading', { name: 'Recent Alerts' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('columnheader', { name: 'Tracker' })).toBeVisible();

  await page.getByRole('button', { name: '2', exact: true }).click();
  // The demo keeps moving: compare with the server's page 2 until both agree.
  await expect(async () => {
    const events = await apiGet<AlertEvent[]>(
      page,
      session,
      `/accounts/${session.accountId}/events?page=2&per_page=10`,
    );
    const shown = await table
      .getByRole('button', { name: /^Download event / })
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(shown).toEqual(events.map((e) => `Download event ${e.id}`));
    await expect(table.getByRole('row').nth(1)).toContainText(events[0]!.description);
    await expect(table.getByRole('row').nth(1)).toContainText(events[0]!.device.name);
    await expect(table.getByRole('row').nth(1)).toContainText(events[0]!.event_type);
  }).toPass();
});

test('a new account shows that there are no events yet', async ({ page, signIn }) => {
  await signIn('newcomer');
  await page.goto('/alerts');
  await expect(page.getByText('No events yet')).toBeVisible();
});
