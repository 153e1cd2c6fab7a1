import { expect, test } from '../../support/test';

/** Spec 002 §1: business accounts get a help launcher; consumer accounts do not. */

test('a business account opens the built-in help panel and follows a topic', async ({
  page,
  signIn,
}) => {
  await signIn('manager');
  await page.goto('/trackers');
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Help' });
  await expect(panel.getByText('Finding a tracker')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'support@waymark.local' })).toHaveAttribute(
    'href',
    'mailto:support@waymark.local',
  );
  await panel.getByRole('link', { name: 'Open Geofences' }).click();
  await expect(page).toHaveURL(/\/geofences$/);
  await expect(panel).toHaveCount(0);
});

test('with HELP_CHAT_URL the launcher opens the chat widget instead', async ({ page, signIn }) => {
  // The installation's /api/config as one with HELP_CHAT_URL set answers it.
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    body.data.help_chat_url = 'about:blank#chat';
    await route.fulfill({ response, json: body });
  });
  await signIn('manager');
  await page.goto('/trackers');
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const chat = page.getByRole('dialog', { name: 'Help' }).locator('iframe[title="Customer chat"]');
  await expect(chat).toHaveAttribute('src', 'about:blank#chat');
});

test('a consumer account has no Help button', async ({ page, signIn }) => {
  // Alex Admin in Demo Home, the consumer account: Casey's login is not used, as the account
  // settings test renames Casey and changes the password.
  await signIn('admin', { account: 'Demo Home' });
  await page.goto('/trackers');
  await expect(page.getByRole('button', { name: 'Show Family car on map' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Help', exact: true })).toHaveCount(0);
});
