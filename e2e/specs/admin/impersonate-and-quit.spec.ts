import { expect, test } from '../../support/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../support/users';

/**
 * Issue 23: a platform admin finds a user in the admin views, opens their session, quits, and
 * finds what was done in it in the audit log with both names.
 */
test('a platform admin imitates the viewer from the admin views, quits, and reads the audit log', async ({
  page,
}) => {
  // root@demo.test belongs to no account, so the shared sign-in does not serve it.
  const login = await page.request.post('/api/token', {
    data: { email: 'root@demo.test', password: DEMO_PASSWORD },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.addInitScript((stored) => localStorage.setItem('waymark.token', stored), token);
  const viewer = DEMO_USERS.viewer;

  await page.goto('/');
  await page.getByRole('link', { name: 'Users', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.getByLabel('Search users').fill(viewer.email);
  const row = page.getByRole('row').filter({ hasText: viewer.email });
  await expect(row).toContainText('Demo Logistics');
  await row.getByRole('button', { name: `Imitate ${viewer.name}` }).click();

  const banner = page.getByText(`Imitating User: ${viewer.name} (${viewer.email})`);
  await expect(banner).toBeVisible();
  await expect(page).toHaveURL(/\/trackers/);
  // The viewer's app: no platform views while imitating.
  await expect(page.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Quit Imitation' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(banner).toHaveCount(0);

  // Quitting was a write made as the viewer: it is in the log with both names.
  await page.getByRole('link', { name: 'Audit Log' }).first().click();
  await page.getByLabel('Search entries').fill(viewer.email);
  const entry = page.getByRole('row').filter({ hasText: 'DELETE /api/imitate' }).first();
  await expect(entry).toContainText(`${viewer.name} (${viewer.email})`);
  await expect(entry).toContainText('Riley Root (root@demo.test)');
});
