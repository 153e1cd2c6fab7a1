import { expect, test } from '../../support/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../support/users';

/**
 * Issue 35.1: after Quit Imitation the platform admin is back in their own app: none of the
 * customer's account in the header, its navigation or its screens, also after a reload, and
 * nothing the page asks for afterwards carries the imitated user's token.
 */
test("quitting an imitation leaves nothing of the customer's account", async ({ page }) => {
  // root@demo.test belongs to no account, so the shared sign-in does not serve it.
  const login = await page.request.post('/api/token', {
    data: { email: 'root@demo.test', password: DEMO_PASSWORD },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.addInitScript((stored) => {
    // Only the first load starts signed in; later loads keep what the app stored.
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('waymark.token', stored);
      sessionStorage.setItem('seeded', '1');
    }
  }, token);
  const viewer = DEMO_USERS.viewer;

  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(viewer.email);
  const row = page.getByRole('row').filter({ hasText: viewer.email });
  await row.getByRole('button', { name: `Imitate ${viewer.name}` }).click();
  await expect(page.getByText(`Imitating User: ${viewer.name} (${viewer.email})`)).toBeVisible();
  const account = page.getByTestId('current-account');
  await expect(account).toHaveText('Demo Logistics');
  const imitationToken = await page.evaluate(() => localStorage.getItem('waymark.imitation'));
  expect(imitationToken).toBeTruthy();

  // Everything the pages after Quit ask for, the live-position socket included. Quitting
  // loads the admin's page afresh: what counts starts with that document.
  const asImitated: string[] = [];
  let quitted = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().endsWith('/admin/users')) quitted = true;
  });
  page.on('request', (request) => {
    if (quitted && request.headers()['authorization'] === `Bearer ${imitationToken}`) {
      asImitated.push(`${request.method()} ${request.url()}`);
    }
  });
  page.on('websocket', (socket) => {
    if (quitted && socket.url().includes(encodeURIComponent(imitationToken!))) {
      asImitated.push(socket.url());
    }
  });

  await page.getByRole('button', { name: 'Quit Imitation' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expectAdminShell();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expectAdminShell();

  await page.goto('/trackers');
  await expect(page.getByText('No account is open')).toBeVisible();
  await expect(page.getByText('Truck 01')).toHaveCount(0);
  await expectAdminShell();
  expect(asImitated).toEqual([]);

  async function expectAdminShell() {
    await expect(page.getByText(/Imitating User:/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Audit Log' }).first()).toBeVisible();
    await expect(account).toHaveCount(0);
    // The customer's navigation is gone with their account.
    await expect(page.getByRole('link', { name: 'Trackers', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Geofences', exact: true })).toHaveCount(0);
  }
});
